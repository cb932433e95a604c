/**
 * C: a function headed by a macro the project never defines (a generator's template, PHP's
 * `ZEND_VM_HANDLER(16, ZEND_IS_IDENTICAL, …) { … }`) is a function named by the head's first
 * bare-name argument; and a type or function at column 0 that a parse error ran past its own
 * `}` in column 0 ends there.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { nodeGrammars } from '../../node/grammars';
import { StructuralAnalyzer } from './analyzer';

let analyzer: StructuralAnalyzer;
beforeAll(async () => {
  analyzer = await StructuralAnalyzer.create(nodeGrammars, { languages: [] });
});

// After PHP 8.2's Zend/zend_vm_def.h (PHP licence), shortened.
const VM_DEF = `/* regenerate the executor by running php zend_vm_gen.php */

ZEND_VM_HELPER(zend_add_helper, ANY, ANY, zval *op_1, zval *op_2)
{
	USE_OPLINE
	add_function(EX_VAR(opline->result.var), op_1, op_2);
	ZEND_VM_NEXT_OPCODE_CHECK_EXCEPTION();
}

ZEND_VM_COLD_CONSTCONST_HANDLER(16, ZEND_IS_IDENTICAL, CONST|TMP|VAR|CV, CONST|TMP|VAR|CV, SPEC(COMMUTATIVE))
{
	USE_OPLINE
	zval *op1, *op2;
	bool result;

	op1 = GET_OP1_ZVAL_PTR_DEREF(BP_VAR_R);
	op2 = GET_OP2_ZVAL_PTR_DEREF(BP_VAR_R);
	result = fast_is_identical_function(op1, op2);
	ZEND_VM_SMART_BRANCH(result, 1);
}

ZEND_VM_HANDLER(196, ZEND_CASE_STRICT, TMP|VAR, CONST|TMP|VAR|CV)
{
	USE_OPLINE
	zval *op1, *op2;
	bool result;

	op1 = GET_OP1_ZVAL_PTR_DEREF(BP_VAR_R);
	op2 = GET_OP2_ZVAL_PTR_DEREF(BP_VAR_R);
	result = fast_is_identical_function(op1, op2);
	ZEND_VM_SMART_BRANCH(result, 1);
}

ZEND_VM_TYPE_SPEC_HANDLER(ZEND_IS_IDENTICAL, op->op1_type == IS_CV, ZEND_IS_IDENTICAL_NOTHROW, CV, CONST|CV, SPEC(COMMUTATIVE))
{
	USE_OPLINE
	bool result = fast_is_identical_function(EX_VAR(opline->op1.var), EX_VAR(opline->op2.var));
	ZEND_VM_SMART_BRANCH(result, 0);
}
`;

// After PHP 8.2's Zend/zend_types.h (PHP licence), shortened: a macro call without `;` in a field list.
const TYPES = `typedef struct _zend_array HashTable;

struct _zend_array {
	zend_refcounted_h gc;
	union {
		struct {
			ZEND_ENDIAN_LOHI_4(
				zend_uchar    flags,
				zend_uchar    _unused,
				zend_uchar    nIteratorsCount,
				zend_uchar    _unused2)
		} v;
		uint32_t flags;
	} u;
	uint32_t          nTableMask;
	uint32_t          nNumUsed;
};

#define HT_MIN_MASK ((uint32_t) -2)
#define HT_MIN_SIZE  8

typedef uint32_t HashPosition;

typedef struct _HashTableIterator {
	HashTable    *ht;
	HashPosition  pos;
} HashTableIterator;
`;

describe('C functions headed by an undefined macro', () => {
  it('names each by its first bare-name argument, over the head and its block', async () => {
    const a = await analyzer.analyzeAsync('Zend/zend_vm_def.h', VM_DEF);
    const fns = a.definitions.filter((d) => d.kind === 'function').map((d) => [d.name, d.startLine, d.endLine]);
    expect(fns).toEqual(
      expect.arrayContaining([
        ['zend_add_helper', 3, 8],
        ['ZEND_IS_IDENTICAL', 10, 20],
        ['ZEND_CASE_STRICT', 22, 32],
      ]),
    );
  });

  it('names a head whose first name an earlier head took by its next bare name', async () => {
    const a = await analyzer.analyzeAsync('Zend/zend_vm_def.h', VM_DEF);
    expect(a.definitions.filter((d) => d.name === 'ZEND_IS_IDENTICAL').map((d) => d.startLine)).toEqual([10]);
    expect(a.definitions.find((d) => d.name === 'ZEND_IS_IDENTICAL_NOTHROW')).toMatchObject({
      kind: 'function',
      startLine: 34,
      endLine: 39,
    });
  });

  it('leaves a call statement inside a function alone', async () => {
    const a = await analyzer.analyzeAsync('f.c', 'void f(void)\n{\n\tHANDLER(1, NAME)\n\t{\n\t\tx();\n\t}\n}\n');
    expect(a.definitions.map((d) => d.name)).toEqual(['f']);
  });
});

describe('a C type a parse error ran past its own closing brace', () => {
  it('ends at its first `}` in column 0', async () => {
    const a = await analyzer.analyzeAsync('Zend/zend_types.h', TYPES);
    expect(a.definitions.find((d) => d.name === '_zend_array')).toMatchObject({ startLine: 3, endLine: 17 });
    expect(a.definitions.find((d) => d.name === 'HT_MIN_MASK')).toMatchObject({ startLine: 19 });
  });
});
