/** The parts of `zipcodes` (8.0.0, no types of its own) that zip-database.spec.ts compares with. */
declare module 'zipcodes' {
  export interface ZipCodeInfo {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  export function lookup(zip: string | number): ZipCodeInfo | undefined;
  export function lookupByName(city: string, state: string): ZipCodeInfo[];
}
