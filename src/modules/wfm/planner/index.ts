/** The planner screen (docs/spa.md#the-planner), loaded only with its route. */
export { default } from './PlannerScreen';
