export { default as ItemEdit } from './ItemEdit';
export { default as ItemShow } from './ItemShow';
export { ItemStockChart } from './ItemStockChart';
