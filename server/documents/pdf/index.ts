/**
 * The PDF engine every printed document uses (docs/architecture.md#documents): a template builds its
 * content with these helpers, wraps it in documentFrame and renders it with renderPdf.
 */
export { renderPdf, type Content, type DocumentDefinition } from './engine';
export { documentFrame, type Company, type FrameOptions } from './frame';
export { formatDate, formatDateTime, formatDecimal, formatMoney, formatQuantity } from './format';
export { facts, linesTable, type Column } from './tables';
