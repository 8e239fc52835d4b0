// The drink tools' two pages in one chunk, named by their paths: one entry of the route table's preload lists.
export { CompareRoute as compare } from './compare-route';
export { FinderRoute as finder } from './finder-route';
