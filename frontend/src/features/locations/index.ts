export { useStandCounts } from './api/get-locations';
export type { StandCounts } from './utils/location';
