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
 *   @introduced                  a name a type parameter list introduces: never a reference
 *   @local                       a name the file binds as a local or a parameter: in Ruby its bare uses are not calls, in Go its value uses in that function are not the package's
 *
 * Before compiling, `analysisQuerySource` rewrites the text for speed (same matches, less
 * work), and the analyzer disables patterns and captures it has no use for.
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
; \`AJAX.Require("[MathJax]/extensions/toMathML.js")\`, \`Queue(["Require", AJAX, "[MathJax]/x.js"])\`: a script's
; path, with a folder, passed to any other call (a program's own loader); an edge only when it names a file
; of the repository.
((call_expression arguments: (arguments . (string) @import))
 (#match? @import "^.(\\\\[[A-Za-z][A-Za-z0-9_]*\\\\]/)?[A-Za-z0-9_.-]+(/[A-Za-z0-9_.-]+)+[.][cm]?js.$"))
((call_expression arguments: (arguments (array (string) @import)))
 (#match? @import "^.(\\\\[[A-Za-z][A-Za-z0-9_]*\\\\]/)?[A-Za-z0-9_.-]+(/[A-Za-z0-9_.-]+)+[.][cm]?js.$"))
; \`require.push(extensionDir + "/MathEvents.js")\`, \`load(__dirname + "/lib/x.js")\`: a script's path after a folder held
; in a value, beside the file or the one file of the repository ending with it.
((call_expression arguments: (arguments . (binary_expression operator: "+" right: (string) @import)))
 (#match? @import "^./[A-Za-z0-9_.-]+(/[A-Za-z0-9_.-]+)*[.][cm]?js.$"))
; AMD: \`define("id", ["./a", "./b"], factory)\` and \`require(["./a"], callback)\` list a module's dependencies.
((call_expression
   function: (identifier) @_amd
   arguments: (arguments (array (string)))) @import
 (#match? @_amd "^(define|require)$"))

; \`export default function (…) {}\`: named by its file (the analyzer's defaultExportName), as importers name it.
(export_statement "default" @name value: [(function_expression) (arrow_function) (generator_function)] @definition.function)
(export_statement "default" @name value: (class) @definition.class)
(program (lexical_declaration (variable_declarator name: (identifier) @name) @definition.constant))
(program (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable))
(program (export_statement declaration: (lexical_declaration (variable_declarator name: (identifier) @name) @definition.constant)))
(program (export_statement declaration: (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable)))
; A class's private methods (\`#cleanLogs() {}\`, \`get #isBuffered()\`) and their calls (\`this.#cleanLogs()\`):
; the tags know only public names, so a class written with them had no member doing its work.
(method_definition name: (private_property_identifier) @name) @definition.method
(call_expression function: (member_expression property: (private_property_identifier) @name)) @reference.call
; \`res.set = res.header = function header() {}\`: the outer name is defined too (tags.scm only tags the inner one).
(assignment_expression
  left: (member_expression property: (property_identifier) @name)
  right: (assignment_expression right: [(arrow_function) (function_expression)])) @definition.method
`;

/**
 * `mw.storage.session = new SafeStorage( sessionStorage );`: an instance put on a namespace's
 * property (not `module.exports = new Router()`, which names no property); JAVASCRIPT_EXTRA places it.
 */
const NAMESPACE_INSTANCE = `(expression_statement (assignment_expression
  left: (member_expression object: [(identifier) (member_expression object: [(identifier) (member_expression)])] @_holder property: (property_identifier) @name)
  right: (new_expression)) @definition.variable)`;

const JAVASCRIPT_EXTRA = `${ECMASCRIPT_COMMON}
; An instance put on a namespace's property at the script's top level or in the function a module
; wraps itself in (\`( function () { … }() )\`, either way round) is that name's definition; the
; same assignment inside any other function is a use.
(program ${NAMESPACE_INSTANCE}
 (#not-match? @_holder "^(module)$"))
(program (expression_statement (parenthesized_expression (call_expression function: (function_expression body: (statement_block
  ${NAMESPACE_INSTANCE})))))
 (#not-match? @_holder "^(module)$"))
(program (expression_statement (call_expression function: (parenthesized_expression (function_expression body: (statement_block
  ${NAMESPACE_INSTANCE})))))
 (#not-match? @_holder "^(module)$"))
(field_definition
  property: (property_identifier) @name
  value: [(arrow_function) (function_expression)]) @definition.method
(field_definition
  property: (private_property_identifier) @name
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
(public_field_definition
  name: (private_property_identifier) @name
  value: [(arrow_function) (function_expression)]) @definition.method
(extends_clause value: (identifier) @name) @reference.type
(extends_clause value: (member_expression property: (property_identifier) @name)) @reference.type
(type_identifier) @name @reference.type
(type_parameter name: (type_identifier) @introduced)
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
(method_elem name: (field_identifier) @name) @definition.method
(source_file (const_declaration (const_spec name: (identifier) @name) @definition.constant))
(source_file (var_declaration (var_spec name: (identifier) @name) @definition.variable))
(source_file (var_declaration (var_spec_list (var_spec name: (identifier) @name) @definition.variable)))
(composite_literal type: (type_identifier) @name) @reference.new
(composite_literal type: (qualified_type name: (type_identifier) @name)) @reference.new
; \`&cobra.Command{ Run: func(cmd *cobra.Command, args []string) { … } }\`: a function written as a keyed
; field's value is defined under its key, so each handler has its own lines and its calls are its own
; (a JavaScript object's or a Lua table's function fields are read so too).
(keyed_element key: (literal_element (identifier) @name) value: (literal_element (func_literal))) @definition.function
; Names used as values, not called: a package-level var or const (\`NewFlow(EndpointIPv4, …)\`), a
; function passed or put in a table (\`DecodeFunc(decodeEtherIP)\`). A key of a keyed literal
; names a field; the names a function binds (parameters, \`:=\`, \`var\`, range) shadow the package's.
(identifier) @name @reference.value
(keyed_element . (literal_element (identifier) @introduced))
(parameter_declaration name: (identifier) @local)
(variadic_parameter_declaration name: (identifier) @local)
(short_var_declaration left: (expression_list (identifier) @local))
(range_clause left: (expression_list (identifier) @local))
(type_switch_statement alias: (expression_list (identifier) @local))
(statement_list (var_declaration (var_spec name: (identifier) @local)))
(statement_list (const_declaration (const_spec name: (identifier) @local)))
; Another package's exported name, not called (\`layers.EndpointIPv4\`); lowercase names after a dot are fields.
((selector_expression operand: (identifier) field: (field_identifier) @name) @reference.value
 (#match? @name "^[A-Z]"))
`;

const RUST_EXTRA = `
(use_declaration) @import
(mod_item !body) @import
(extern_crate_declaration) @import
(scoped_identifier path: (_)) @import
(scoped_type_identifier path: (_)) @import
(macro_invocation (token_tree) @import)
(const_item name: (identifier) @name) @definition.constant
(static_item name: (identifier) @name) @definition.constant
(function_signature_item name: (identifier) @name) @definition.method
(call_expression function: (scoped_identifier name: (identifier) @name)) @reference.call
(call_expression function: (generic_function function: (identifier) @name)) @reference.call
; A function pointer held in a field, called through parentheses (\`(self.xlib.XDefineCursor)(…)\`): a
; dynamically loaded library's function is reached so.
(call_expression function: (parenthesized_expression (field_expression field: (field_identifier) @name))) @reference.call
(struct_expression name: (type_identifier) @name) @reference.new
(struct_expression name: (scoped_type_identifier name: (type_identifier) @name)) @reference.new
(type_identifier) @name @reference.type
(type_parameter name: (type_identifier) @introduced)
(type_parameter default_type: (type_identifier) @introduced)
`;

const JAVA_EXTRA = `
(import_declaration) @import
(enum_declaration name: (identifier) @name) @definition.enum
(record_declaration name: (identifier) @name) @definition.class
(annotation_type_declaration name: (identifier) @name) @definition.interface
(object_creation_expression type: (generic_type (type_identifier) @name)) @reference.new
(type_identifier) @name @reference.type
(type_parameter (type_identifier) @introduced)
`;

/**
 * C and C++ share these. The grammars' tags tag a function by its `function_declarator`;
 * the analyzer widens that to the definition or declaration holding it. Struct, enum and
 * union names tagged without a body (`struct a *p;`) are uses, dropped by the analyzer.
 */
const C_FAMILY_COMMON = `
(preproc_include) @import
(preproc_def name: (identifier) @name) @definition.macro
(preproc_function_def name: (identifier) @name) @definition.macro
(union_specifier name: (type_identifier) @name body: (_)) @definition.class
(enumerator name: (identifier) @name) @definition.constant
(type_definition declarator: [
  (pointer_declarator declarator: (type_identifier) @name)
  (function_declarator declarator: (type_identifier) @name)
  (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (type_identifier) @name)))]) @definition.type
(field_declaration declarator: [
  (field_identifier) @name
  (pointer_declarator declarator: (field_identifier) @name)
  (pointer_declarator declarator: (pointer_declarator declarator: (field_identifier) @name))
  (array_declarator declarator: (field_identifier) @name)]) @definition.field
(translation_unit (declaration declarator: [
  (identifier) @name
  (init_declarator declarator: (identifier) @name)
  (init_declarator declarator: (pointer_declarator declarator: (identifier) @name))
  (init_declarator declarator: (array_declarator declarator: (identifier) @name))
  (array_declarator declarator: (identifier) @name)
  (pointer_declarator declarator: (identifier) @name)]) @definition.variable)
(call_expression function: (identifier) @name) @reference.call
(call_expression function: (field_expression field: (field_identifier) @name)) @reference.call
(type_identifier) @name @reference.type
`;

const C_EXTRA = C_FAMILY_COMMON;

const CPP_EXTRA = `${C_FAMILY_COMMON}
(namespace_definition name: [(namespace_identifier) (nested_namespace_specifier)] @name) @definition.namespace
(alias_declaration name: (type_identifier) @name) @definition.type
; \`class GTEST_API_ TestPartResult { … }\`: an export macro before the name makes the grammar read
; a function \`TestPartResult\` returning \`class GTEST_API_\`; it is the class.
(function_definition
  type: [(class_specifier !body) (struct_specifier !body)]
  declarator: (identifier) @name
  body: (compound_statement)) @definition.class
(function_declarator declarator: (qualified_identifier name: (identifier) @name)) @definition.method
(function_declarator declarator: (qualified_identifier name: (qualified_identifier name: (identifier) @name))) @definition.method
; A method defined outside its class and namespaces, named in full (ViennaCL's
; \`inline kernel & viennacl::ocl::program::get_kernel(…) { … }\` after the class): the query language
; does not recurse, so each depth is a pattern of its own, to five names.
(function_declarator declarator: (qualified_identifier name: (qualified_identifier name: (qualified_identifier name: (identifier) @name)))) @definition.method
(function_declarator declarator: (qualified_identifier name: (qualified_identifier name: (qualified_identifier name: (qualified_identifier name: (identifier) @name))))) @definition.method
(function_declarator declarator: (destructor_name) @name) @definition.method
(function_declarator declarator: (operator_name) @name) @definition.method
(function_declarator declarator: (qualified_identifier name: (operator_name) @name)) @definition.method
; A conversion operator (\`operator bool() const\`) has no function_declarator: its name is the type it converts to.
(function_definition declarator: (operator_cast) @name) @definition.method
(function_definition declarator: (qualified_identifier name: (operator_cast) @name)) @definition.method
(declaration declarator: (operator_cast) @name) @definition.method
(field_declaration declarator: (operator_cast) @name) @definition.method
; A template's specialisation (\`struct Impl<Seq<I...>> { … }\`) defines the template's name again.
(struct_specifier name: (template_type name: (type_identifier) @name) body: (_)) @definition.struct
(class_specifier name: (template_type name: (type_identifier) @name) body: (_)) @definition.class
(function_declarator declarator: (qualified_identifier name: (destructor_name) @name)) @definition.method
(call_expression function: (qualified_identifier name: (identifier) @name)) @reference.call
; A call named in full (\`thrust::system::detail::sequential::insertion_sort(first, last, comp)\`):
; each depth is a pattern of its own, to five names, as for the definitions above.
(call_expression function: (qualified_identifier name: (qualified_identifier name: (identifier) @name))) @reference.call
(call_expression function: (qualified_identifier name: (qualified_identifier name: (qualified_identifier name: (identifier) @name)))) @reference.call
(call_expression function: (qualified_identifier name: (qualified_identifier name: (qualified_identifier name: (qualified_identifier name: (identifier) @name))))) @reference.call
(call_expression function: (template_function name: (identifier) @name)) @reference.call
(call_expression function: (field_expression field: (template_method name: (field_identifier) @name))) @reference.call
(new_expression type: (type_identifier) @name) @reference.new
(template_parameter_list (type_parameter_declaration (type_identifier) @introduced))
`;

const CSHARP_EXTRA = `
(using_directive) @import
(namespace_declaration name: (qualified_name) @name) @definition.namespace
(file_scoped_namespace_declaration name: [(identifier) (qualified_name)] @name) @definition.namespace
(struct_declaration name: (identifier) @name) @definition.struct
(enum_declaration name: (identifier) @name) @definition.enum
(record_declaration name: (identifier) @name) @definition.class
(delegate_declaration name: (identifier) @name) @definition.type
(constructor_declaration name: (identifier) @name) @definition.method
(local_function_statement name: (identifier) @name) @definition.function
(property_declaration name: (identifier) @name) @definition.field
(field_declaration (variable_declaration (variable_declarator name: (identifier) @name))) @definition.field
(event_field_declaration (variable_declaration (variable_declarator name: (identifier) @name))) @definition.field
(enum_member_declaration name: (identifier) @name) @definition.constant
(invocation_expression function: (identifier) @name) @reference.call
(invocation_expression function: (generic_name (identifier) @name)) @reference.call
(invocation_expression function: (member_access_expression name: (generic_name (identifier) @name))) @reference.call
(object_creation_expression type: (generic_name (identifier) @name)) @reference.new
(object_creation_expression type: (qualified_name name: (identifier) @name)) @reference.new
(parameter type: (identifier) @name) @reference.type
(property_declaration type: (identifier) @name) @reference.type
(method_declaration returns: (identifier) @name) @reference.type
(type_argument_list (identifier) @name) @reference.type
(type_parameter name: (identifier) @introduced)
`;

/** Ruby: \`require\`/\`require_relative\`/\`load\` and \`autoload :Const, "path"\` calls are imports; \`Const.new\` constructs. */
const RUBY_EXTRA = `
((call !receiver method: (identifier) @_require arguments: (argument_list . (string))) @import
 (#match? @_require "^(require|require_relative|load)$"))
((call !receiver method: (identifier) @_autoload arguments: (argument_list . (simple_symbol) . (string))) @import
 (#eq? @_autoload "autoload"))
(call receiver: [(constant) @name (scope_resolution name: (constant) @name)] method: (identifier) @_new (#eq? @_new "new")) @reference.new
(program (assignment left: (constant) @name) @definition.constant)
(body_statement (assignment left: (constant) @name) @definition.constant)
(superclass [(constant) @name (scope_resolution name: (constant) @name)]) @reference.type
(assignment left: (identifier) @local)
(operator_assignment left: (identifier) @local)
(method_parameters [(identifier) @local (optional_parameter (identifier) @local) (splat_parameter (identifier) @local) (keyword_parameter (identifier) @local) (block_parameter (identifier) @local)])
(lambda_parameters (identifier) @local)
(block_parameters [(identifier) @local (optional_parameter (identifier) @local) (splat_parameter (identifier) @local)])
`;

const PHP_EXTRA = `
(namespace_use_declaration) @import
(object_creation_expression (name) @name) @reference.new
(function_call_expression function: (name) @name) @reference.call
(include_expression) @import
(include_once_expression) @import
(require_expression) @import
(require_once_expression) @import
(enum_declaration name: (name) @name) @definition.enum
(enum_case name: (name) @name) @definition.constant
(const_declaration (const_element (name) @name)) @definition.constant
; \`define('T_MATCH', 42341);\`: a global constant, defined where the call runs (often under \`if (!defined(…))\`).
((function_call_expression
   function: (name) @_define
   arguments: (arguments . (argument [(string . (string_content) @name .) (encapsed_string . (string_content) @name .)]))) @definition.constant
 (#eq? @_define "define"))
; \`$this->addHelperFunction('qlink', function ($title, $url) use ($view) { … })\`, \`Blade::directive('money', fn …)\`:
; a closure registered under a name (a view helper, a macro, a service) is that name's definition, as the
; name is what callers use.
([(function_call_expression arguments: (arguments . (argument [(string . (string_content) @name .) (encapsed_string . (string_content) @name .)]) . (argument [(anonymous_function) (arrow_function)])))
  (member_call_expression arguments: (arguments . (argument [(string . (string_content) @name .) (encapsed_string . (string_content) @name .)]) . (argument [(anonymous_function) (arrow_function)])))
  (scoped_call_expression arguments: (arguments . (argument [(string . (string_content) @name .) (encapsed_string . (string_content) @name .)]) . (argument [(anonymous_function) (arrow_function)])))] @definition.function
 (#match? @name "^[A-Za-z_][A-Za-z0-9_]*$"))
(base_clause [(name) @name (qualified_name (name) @name)]) @reference.type
(named_type [(name) @name (qualified_name (name) @name)]) @reference.type
(class_constant_access_expression . [(name) @name (qualified_name (name) @name)]) @reference.type
(class_interface_clause [(name) @name (qualified_name (name) @name)]) @reference.type
(scoped_call_expression scope: [(name) @name (qualified_name (name) @name)]) @reference.type
(binary_expression operator: "instanceof" right: [(name) @name (qualified_name (name) @name)]) @reference.type
`;

/**
 * Kotlin: the grammar ships no tags.scm and its nodes have no field names: a declaration's
 * name is its direct identifier child (a receiver type sits in a \`user_type\`).
 */
const KOTLIN_EXTRA = `
(import_header) @import
(class_declaration (type_identifier) @name) @definition.class
(object_declaration (type_identifier) @name) @definition.class
(companion_object (type_identifier) @name) @definition.class
(function_declaration (simple_identifier) @name) @definition.function
(type_alias (type_identifier) @name) @definition.type
(source_file (property_declaration (variable_declaration (simple_identifier) @name)) @definition.variable)
(class_body (property_declaration (variable_declaration (simple_identifier) @name)) @definition.field)
(class_parameter (binding_pattern_kind) (simple_identifier) @name) @definition.field
(enum_entry (simple_identifier) @name) @definition.constant
(call_expression (simple_identifier) @name) @reference.call
(call_expression (navigation_expression (navigation_suffix (simple_identifier) @name))) @reference.call
(delegation_specifier (constructor_invocation (user_type (type_identifier) @name))) @reference.type
(user_type (type_identifier) @name) @reference.type
(type_parameter (type_identifier) @introduced)
`;

const SWIFT_EXTRA = `
(import_declaration) @import
(typealias_declaration name: (type_identifier) @name) @definition.type
(call_expression (simple_identifier) @name) @reference.call
(call_expression (navigation_expression suffix: (navigation_suffix suffix: (simple_identifier) @name))) @reference.call
(user_type (type_identifier) @name) @reference.type
(type_parameter (type_identifier) @introduced)
`;

const SCALA_EXTRA = `
(import_declaration) @import
(function_declaration name: (identifier) @name) @definition.function
(call_expression function: (field_expression field: (identifier) @name)) @reference.call
(call_expression function: (generic_function function: (identifier) @name)) @reference.call
(instance_expression (type_identifier) @name) @reference.new
(type_identifier) @name @reference.type
(type_parameters name: (identifier) @introduced)
`;

/** Bash: no tags.scm ships with the grammar. \`source x\` and \`. x\` are imports. */
const BASH_EXTRA = `
(function_definition name: (word) @name) @definition.function
(command name: (command_name (word) @name)) @reference.call
((command name: (command_name (word) @_source) argument: (_)) @import
 (#match? @_source "^(source|\\\\.)$"))
`;

/** Lua: \`require("a.b")\` (also written \`require "a.b"\`) is an import. */
const LUA_EXTRA = `
; \`wml_actions["if"] = function(cfg)\`: a function stored under a string key that is a name (often a
; keyword of Lua, so not writable as \`t.if\`); tags.scm tags only \`t.name = function\`.
((assignment_statement
   (variable_list . name: (bracket_index_expression field: (string content: (string_content) @name)))
   (expression_list . value: (function_definition))) @definition.function
 (#match? @name "^[A-Za-z_][A-Za-z0-9_]*$"))
; \`http = port_or_service(PORTS, SERVICES)\`, \`VERSION = "1.2"\` at a file's top level: a global the
; module defines (a field of its \`_ENV\` table), as a top-level \`var\` is in JavaScript. Not \`_ENV\`
; itself, nor a global bound to a loaded module (\`json = require "json"\`): those name another file;
; nor a table (\`util = {}\`, \`util = util or {}\`): a namespace that files fill, read as such (resolve.ts).
((chunk (assignment_statement
   (variable_list . name: (identifier) @name .)
   (expression_list . value: [(string) (number) (true) (false) (unary_expression) (parenthesized_expression)
     (dot_index_expression) (bracket_index_expression) (identifier)] .)) @definition.variable)
 (#not-match? @name "^_(ENV|G|M)$"))
((chunk (assignment_statement
   (variable_list . name: (identifier) @name .)
   (expression_list . value: (function_call name: (_) @_callee) .)) @definition.variable)
 (#not-match? @name "^_(ENV|G|M)$")
 (#not-match? @_callee "(^|[.:])(require|module|dofile|loadfile)$"))
((function_call name: (identifier) @_require arguments: (arguments . (string))) @import
 (#eq? @_require "require"))
; \`local sql = utilities.sql\` at the top of a file: the table another file fills (a global path).
(chunk (variable_declaration
  (assignment_statement
    (variable_list . name: (identifier) .)
    (expression_list . value: (dot_index_expression) .))) @import)
; \`dofile(modpath .. "/functions.lua")\`, \`loadfile("x.lua")\`: a file run by its path.
((function_call name: (identifier) @_loader arguments: (arguments . [(string) (binary_expression)])) @import
 (#match? @_loader "^(dofile|loadfile)$"))
; \`wesnoth.require "ai/lua/x.lua"\`, \`wesnoth.dofile "x.lua"\`: the same loaders, called through a table.
((function_call name: (dot_index_expression field: (identifier) @_loader) arguments: (arguments . [(string) (binary_expression)])) @import
 (#match? @_loader "^(require|dofile|loadfile)$"))
; \`include "scripting/set.lua"\`: a \`.lua\` path, with a folder, as the one argument of any other call (a
; program's own loader); an edge only when it names a file of the repository.
((function_call
   name: [(identifier) (dot_index_expression) (method_index_expression)] @_loader
   arguments: (arguments . (string content: (string_content) @_path) .)) @import
 (#match? @_path "^[A-Za-z0-9_.-]+(/[A-Za-z0-9_.-]+)+[.]lua$")
 (#not-match? @_loader "(^|[.:])(require|dofile|loadfile)$"))
`;

export const EXTRA_QUERIES: Readonly<Record<Language, string>> = {
  javascript: JAVASCRIPT_EXTRA,
  typescript: TYPESCRIPT_EXTRA,
  tsx: TYPESCRIPT_EXTRA,
  python: PYTHON_EXTRA,
  go: GO_EXTRA,
  rust: RUST_EXTRA,
  java: JAVA_EXTRA,
  c: C_EXTRA,
  cpp: CPP_EXTRA,
  csharp: CSHARP_EXTRA,
  ruby: RUBY_EXTRA,
  php: PHP_EXTRA,
  kotlin: KOTLIN_EXTRA,
  swift: SWIFT_EXTRA,
  scala: SCALA_EXTRA,
  bash: BASH_EXTRA,
  lua: LUA_EXTRA,
};

// ---------------------------------------------------------------------------------------
// Rewrites for speed. Each keeps every definition, reference and import the same; the test
// is that the analyzer's output does not change (see bench/profile-analyze.ts for the cost).

/**
 * `(comment)* @doc .` in front of a tag pattern: we read doc comments ourselves (the capture
 * was disabled), but the quantified, anchored comment still made the matcher try every
 * comment as the start of a definition. Removing it changes no match of @name/@definition.
 */
const DOC_PREFIX = /\(comment\)\*\s*@doc\s*\.\s*/g;
/** The predicates on @doc (`#strip!`, `#select-adjacent!`, `#set-adjacent!`), which go with it. */
const DOC_PREDICATE = /\(#[\w-]+[!?]\s+@doc(?:\s+(?:"(?:[^"\\]|\\.)*"|@[\w.-]+))*\s*\)/g;
/** The query source the analyzer compiles: the grammar's tags, then ours, rewritten as above. */
export function analysisQuerySource(tags: string, extra: string): string {
  return `${tags.replace(DOC_PREFIX, '').replace(DOC_PREDICATE, '')}\n${extra}`;
}

/** A name check the analyzer makes itself: the capture's text is (or, negated, is not) `literal`. */
export interface NameCheck {
  /** Offset of the predicate in the query source: the pattern holding it is the one whose range contains it. */
  offset: number;
  capture: string;
  literal: string;
  negate: boolean;
}

/**
 * `(#eq? @c "x")`, `(#not-eq? @c "x")` and `(#not-match? @c "^(x)$")` with a plain name `x`.
 * web-tree-sitter evaluates such predicates in JavaScript on every match, reading the node's
 * end from wasm and slicing its text (one in three JavaScript call matches goes through the
 * `require` one); the analyzer compares the source text at the node's start instead.
 */
const NAME_PREDICATE = /\(#(not-)?(eq|match)\?\s+@([\w.-]+)\s+"(\^\(?)?([A-Za-z_$][\w$]*)(\)?\$)?"\s*\)/g;

/**
 * Takes the name predicates out of a query source (blanked with spaces, so every pattern keeps
 * its offsets) and returns them as checks. A `match` is taken only when anchored to the whole
 * name (`^(x)$` or `^x$`), an `eq` only when not anchored: anything else stays in the query.
 */
export function extractNameChecks(source: string): { source: string; checks: NameCheck[] } {
  const checks: NameCheck[] = [];
  const rewritten = source.replace(
    NAME_PREDICATE,
    (
      whole,
      not: string | undefined,
      operator: string,
      capture: string,
      open: string | undefined,
      literal: string,
      close: string | undefined,
      offset: number,
    ) => {
      const anchored = open !== undefined && close !== undefined && (open === '^(') === (close === ')$');
      if (operator === 'match' ? !anchored : open !== undefined || close !== undefined) return whole;
      checks.push({ offset, capture, literal, negate: not !== undefined });
      return ' '.repeat(whole.length);
    },
  );
  return { source: rewritten, checks };
}

/**
 * Tag patterns whose every result another pattern of the same query already yields, with the
 * same name node and the same reference kind: disabled after compiling (compared with
 * whitespace collapsed, so an edited tags.scm only loses the saving).
 */
export const REDUNDANT_TAG_PATTERNS: Readonly<Partial<Record<Language, readonly string[]>>> = {
  // Both covered by `(type_identifier) @name @reference.type` and JavaScript's `(new_expression constructor: (_) @name)`.
  typescript: [
    '(type_annotation (type_identifier) @name) @reference.type',
    '(new_expression constructor: (identifier) @name) @reference.class',
  ],
  tsx: [
    '(type_annotation (type_identifier) @name) @reference.type',
    '(new_expression constructor: (identifier) @name) @reference.class',
  ],
};
