/**
 * Our own tree-sitter queries, appended to each grammar's tags.scm to fill its gaps:
 * imports (no grammar tags them), TS type aliases / enums / namespaces, class fields holding
 * functions, top-level constants, Rust/Java/Go items the tags skip, and type references.
 *
 * Kept as TypeScript strings (not .scm files) so the engine loads them the same way in Node,
 * in the CLI (tsx) and in a Vite worker, with no file access and no bundler plugin.
 *
 * Capture conventions, shared with the grammars' tags.scm:
 *   @name + @definition.<kind>   a definition and its name
 *   @name + @reference.<kind>    a use of a name
 *   @import                      an import-like statement, interpreted in code (imports.ts)
 */
import type { Language } from '../contract';

/** Valid in both the JavaScript and the TypeScript/TSX grammars. */
const ECMASCRIPT_COMMON = `
(import_statement) @import
(export_statement source: (_)) @import
((call_expression
   function: (identifier) @_require
   arguments: (arguments . [(string) (template_string)])) @import
 (#eq? @_require "require"))
(call_expression function: (import) arguments: (arguments . [(string) (template_string)])) @import

(program (lexical_declaration (variable_declarator name: (identifier) @name) @definition.constant))
(program (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable))
(program (export_statement declaration: (lexical_declaration (variable_declarator name: (identifier) @name) @definition.constant)))
(program (export_statement declaration: (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable)))
`;

const JAVASCRIPT_EXTRA = `${ECMASCRIPT_COMMON}
(field_definition
  property: (property_identifier) @name
  value: [(arrow_function) (function_expression)]) @definition.method
(class_heritage (identifier) @name) @reference.type
(class_heritage (member_expression property: (property_identifier) @name)) @reference.type
`;

const TYPESCRIPT_EXTRA = `${ECMASCRIPT_COMMON}
(type_alias_declaration name: (type_identifier) @name) @definition.type
(enum_declaration name: (identifier) @name) @definition.enum
(internal_module name: (_) @name) @definition.namespace
(module name: (string) @name) @definition.module
(public_field_definition
  name: (property_identifier) @name
  value: [(arrow_function) (function_expression)]) @definition.method
(extends_clause value: (identifier) @name) @reference.type
(extends_clause value: (member_expression property: (property_identifier) @name)) @reference.type
(type_identifier) @name @reference.type
`;

const PYTHON_EXTRA = `
(import_statement) @import
(import_from_statement) @import
(class_definition superclasses: (argument_list (identifier) @name)) @reference.type
(class_definition superclasses: (argument_list (attribute attribute: (identifier) @name))) @reference.type
(type (identifier) @name) @reference.type
(type (generic_type (identifier) @name)) @reference.type
`;

const GO_EXTRA = `
(import_spec) @import
(type_alias name: (type_identifier) @name) @definition.type
(source_file (const_declaration (const_spec name: (identifier) @name) @definition.constant))
(source_file (var_declaration (var_spec name: (identifier) @name) @definition.variable))
(source_file (var_declaration (var_spec_list (var_spec name: (identifier) @name) @definition.variable)))
(composite_literal type: (type_identifier) @name) @reference.new
(composite_literal type: (qualified_type name: (type_identifier) @name)) @reference.new
`;

const RUST_EXTRA = `
(use_declaration) @import
(mod_item !body) @import
(extern_crate_declaration) @import
(const_item name: (identifier) @name) @definition.constant
(static_item name: (identifier) @name) @definition.constant
(function_signature_item name: (identifier) @name) @definition.method
(call_expression function: (scoped_identifier name: (identifier) @name)) @reference.call
(call_expression function: (generic_function function: (identifier) @name)) @reference.call
(struct_expression name: (type_identifier) @name) @reference.new
(struct_expression name: (scoped_type_identifier name: (type_identifier) @name)) @reference.new
(type_identifier) @name @reference.type
`;

const JAVA_EXTRA = `
(import_declaration) @import
(enum_declaration name: (identifier) @name) @definition.enum
(record_declaration name: (identifier) @name) @definition.class
(annotation_type_declaration name: (identifier) @name) @definition.interface
(object_creation_expression type: (generic_type (type_identifier) @name)) @reference.new
(type_identifier) @name @reference.type
`;

export const EXTRA_QUERIES: Readonly<Record<Language, string>> = {
  javascript: JAVASCRIPT_EXTRA,
  typescript: TYPESCRIPT_EXTRA,
  tsx: TYPESCRIPT_EXTRA,
  python: PYTHON_EXTRA,
  go: GO_EXTRA,
  rust: RUST_EXTRA,
  java: JAVA_EXTRA,
};
