export { useStandCounts, type StandCounts } from './api/get-stand-summary';
