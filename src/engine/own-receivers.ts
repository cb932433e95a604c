/**
 * The receivers that name the code's own object, class or scope, in one list: each set below
 * reaches further than the one before it, and each reader takes the reach its question needs.
 *
 * - FIELD_OWNERS, the object itself (`self.x`, `this.x`, `$this->x`): the next segment is a
 *   field of the enclosing object.
 * - OWN_OBJECT adds PHP's `static::` (late static binding: the object's own class): a method
 *   called through one of these is a method of the same object (structural/siblings.ts).
 * - OWN_CLASS adds Python's `cls` and Rust's `Self`: a call through one of these is the
 *   function's own (search/members.ts).
 * - ENCLOSING_SCOPE adds the parent class and module (`super`, PHP's `parent::`, Rust's
 *   `crate::`): resolved as the file's own names are (graph/receivers.ts).
 */
const OBJECT = ['self', 'this', '$this'] as const;

export const FIELD_OWNERS: ReadonlySet<string> = new Set(OBJECT);
export const OWN_OBJECT: ReadonlySet<string> = new Set([...FIELD_OWNERS, 'static']);
export const OWN_CLASS: ReadonlySet<string> = new Set([...OWN_OBJECT, 'cls', 'Self']);
export const ENCLOSING_SCOPE: ReadonlySet<string> = new Set([...OWN_CLASS, 'super', 'crate', 'parent']);
