/**
 * The page's first script: it starts the index worker and tells it what the address asks for
 * (the repository and the question), then loads the app. The worker reads that stored index and
 * answers the question while React and the rest of the app are still loading.
 */
import { getWorkers } from './client';
import { readSearchState, searchRequestFor } from './url-state';

performance.mark('fourfold:page-start');
const state = readSearchState();
void getWorkers().index.reopen({ repositoryId: state.repositoryId, search: searchRequestFor(state) });
void import('./main');
