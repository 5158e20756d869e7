export { default as WarehouseEdit } from './WarehouseEdit';
export { default as WarehouseShow } from './WarehouseShow';
export { WarehouseLocations } from './WarehouseLocations';
