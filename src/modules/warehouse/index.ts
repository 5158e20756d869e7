export { default as ItemEdit } from './ItemEdit';
export { default as ItemShow } from './ItemShow';
export { ItemStockChart } from './ItemStockChart';
export { default as LocationEdit } from './LocationEdit';
export { RelatedList } from './RelatedList';
export { default as WarehouseEdit } from './WarehouseEdit';
export { default as WarehouseShow } from './WarehouseShow';
