/**
 * A user's whole folder holds the tests beside the code (issue 22): a pasted message is answered
 * by the code that prints it, not by the test that asserts it whole, values and all; the library's
 * callers and dependants come before the tests'. The tests still show, after. On the shapes of
 * cobra 1.6 (Apache-2.0: `MinimumNArgs` and the test expecting its message), capstone 4
 * (BSD-3-Clause: cstool and a test program printing the same `Gas fee: %u`) and echo 4 (MIT: the
 * test and `Echo.add` calling `Router.Add`).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SourceFile } from '../contract';
import { Engine } from '../engine';
import { engineOver } from '../../../test/support/engine';

const COBRA: SourceFile[] = [
  {
    path: 'args.go',
    text: `package cobra

import "fmt"

type PositionalArgs func(cmd *Command, args []string) error

// MinimumNArgs returns an error if there is not at least N args.
func MinimumNArgs(n int) PositionalArgs {
	return func(cmd *Command, args []string) error {
		if len(args) < n {
			return fmt.Errorf("requires at least %d arg(s), only received %d", n, len(args))
		}
		return nil
	}
}
`,
  },
  {
    path: 'args_test.go',
    text: `package cobra

import "testing"

func TestMinimumNArgsWithLessArgs(t *testing.T) {
	c := getCommand(MinimumNArgs(2), false)
	_, err := executeCommand(c, "a")

	if err == nil {
		t.Fatal("Expected an error")
	}
	got := err.Error()
	expected := "requires at least 2 arg(s), only received 1"
	if got != expected {
		t.Fatalf("Expected %q, got %q", expected, got)
	}
}
`,
  },
];

const EVM_DETAIL = `	evm = &(ins->detail->evm);

	if (evm->pop)
		printf("\\tPop:     %u\\n", evm->pop);

	if (evm->push)
		printf("\\tPush:    %u\\n", evm->push);

	if (evm->fee)
		printf("\\tGas fee: %u\\n", evm->fee);
`;

const CAPSTONE: SourceFile[] = [
  {
    path: 'tests/test_evm.c',
    text: `#include <stdio.h>
#include <capstone/capstone.h>

static void print_insn_detail(cs_insn *ins)
{
	cs_evm *evm;

	// detail can be NULL on "data" instruction if SKIPDATA option is turned ON
	if (ins->detail == NULL)
		return;

${EVM_DETAIL}}
`,
  },
  {
    path: 'cstool/cstool_evm.c',
    text: `#include <stdio.h>
#include <capstone/capstone.h>

void print_insn_detail_evm(csh handle, cs_insn *ins)
{
	cs_evm *evm;

	// detail can be NULL on "data" instruction if SKIPDATA option is turned ON
	if (ins->detail == NULL)
		return;

${EVM_DETAIL}}
`,
  },
];

const ECHO: SourceFile[] = [
  { path: 'go.mod', text: 'module github.com/labstack/echo/v4\n\ngo 1.17\n' },
  {
    path: 'router.go',
    text: `package echo

type Router struct {
	routes map[string]*Route
	echo   *Echo
}

// Add registers a new route for method and path with matching handler.
func (r *Router) Add(method, path string, h HandlerFunc) {
	r.insert(method, path, h)
}
`,
  },
  {
    path: 'echo.go',
    text: `package echo

type Echo struct {
	router  *Router
	routers map[string]*Router
}

func New() (e *Echo) {
	e = &Echo{}
	e.router = NewRouter(e)
	return
}

// Router returns the default router.
func (e *Echo) Router() *Router {
	return e.router
}

func (e *Echo) add(host, method, path string, handler HandlerFunc, middleware ...MiddlewareFunc) *Route {
	name := handlerName(handler)
	router := e.findRouter(host)
	router.Add(method, path, func(c Context) error {
		h := applyMiddleware(handler, middleware...)
		return h(c)
	})
	r := &Route{
		Method: method,
		Path:   path,
		Name:   name,
	}
	e.router.routes[method+path] = r
	return r
}

func (e *Echo) findRouter(host string) *Router {
	if len(e.routers) > 0 {
		if r, ok := e.routers[host]; ok {
			return r
		}
	}
	return e.router
}
`,
  },
  {
    path: 'middleware/rewrite_test.go',
    text: `package middleware

import (
	"net/http"
	"testing"

	"github.com/labstack/echo/v4"
)

func TestEchoRewritePreMiddleware(t *testing.T) {
	e := echo.New()
	r := e.Router()

	e.Pre(Rewrite(map[string]string{
		"/old": "/new",
	}))

	r.Add(http.MethodGet, "/new", func(c echo.Context) error {
		return c.NoContent(http.StatusOK)
	})
}
`,
  },
];

async function engineOf(files: SourceFile[]): Promise<Engine> {
  return engineOver(files);
}

describe('a pasted message is answered by the code that prints it, not the test that asserts it', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await engineOf(COBRA);
  });

  it('the format string outside the tests answers, though a test holds the message whole', async () => {
    const r = await engine.search('Error: requires at least 2 arg(s), only received 1');
    expect(r.query.intent).toBe('exact_match');
    expect(r.results[0]).toMatchObject({ path: 'args.go', line: 11 });
  });

  it('a message only a test holds is still answered by the test', async () => {
    const r = await engine.search('Expected an error');
    expect(r.results[0]?.path).toBe('args_test.go');
  });
});

describe('tests follow the library', () => {
  it('a format printed by the tool and a test program alike: the tool first, the test after', async () => {
    const r = await (await engineOf(CAPSTONE)).search('Gas fee: 3');
    expect(r.results.map((x) => x.path)).toEqual(['cstool/cstool_evm.c', 'tests/test_evm.c']);
  });

  it("who calls Router.Add: the library's caller first, the test's after", async () => {
    const r = await (await engineOf(ECHO)).search('who calls Router.Add');
    const paths = r.results.map((x) => x.path);
    expect(paths[0]).toBe('echo.go');
    expect(paths).toContain('middleware/rewrite_test.go');
  });
});
