import { useCallback, useState } from 'react';
import type { Point } from '../utils/location';

export type GeolocationState =
  | { status: 'idle' }
  | { status: 'locating' }
  | { status: 'located'; position: Point }
  | { status: 'failed'; message: string };

function failureMessage(error: GeolocationPositionError): string {
  if (error.code === error.PERMISSION_DENIED) {
    return 'Location access was not allowed. Search by city, state or ZIP code instead.';
  }
  if (error.code === error.TIMEOUT)
    return 'Finding your location took too long. Please try again, or search by city or ZIP code.';
  return 'Your location could not be found. Please search by city, state or ZIP code.';
}

/** The browser's position, asked for only when `locate` is called (a click), never on page load. */
export function useGeolocation() {
  const [state, setState] = useState<GeolocationState>({ status: 'idle' });

  const locate = useCallback(() => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      setState({
        status: 'failed',
        message: 'This browser cannot share its location. Please search by city, state or ZIP code.',
      });
      return;
    }
    setState({ status: 'locating' });
    navigator.geolocation.getCurrentPosition(
      (pos) =>
        setState({ status: 'located', position: { latitude: pos.coords.latitude, longitude: pos.coords.longitude } }),
      (error) => setState({ status: 'failed', message: failureMessage(error) }),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 5 * 60_000 },
    );
  }, []);

  const reset = useCallback(() => setState({ status: 'idle' }), []);

  return { state, locate, reset };
}
