export * from './fields';
export * from './resource';
export * from './actions';
export * from './locks';
export * from './list';
export * from './presets';
export { LINE_FILL_VALUES, type LineFill, type LineFillValue } from './line-fill';
export * from './issues';
export * from './access';
export * from './italian';
export * from './provinces';
/** Exact decimal helpers for computed fields and totals: `decimal.lineAmount(...)`, `decimal.sumOf(...)`. */
export * as decimal from './decimal';
export { deriveRecord, hasDerivedFields, type ComputedValue, type LineOf, type LinesField } from './kinds/derived';
export { decimalSchema } from './kinds/numeric';
export { normaliseUrl } from './kinds/identifiers';
export { TAG_MAX_LENGTH } from './kinds/collections';
export { acceptsType, attachmentSchema, type Attachment } from './kinds/attachments';
