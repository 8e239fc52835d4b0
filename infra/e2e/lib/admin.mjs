// The administrator the e2e runner seeds (infra/e2e/run.mjs sets E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD).
import assert from 'node:assert/strict';
import { BASE_URL } from './browser.mjs';

/** Signs the seeded administrator in through the BFF and answers the access token (docs/security.md). */
export async function adminToken() {
  const email = process.env.E2E_ADMIN_EMAIL;
  const password = process.env.E2E_ADMIN_PASSWORD;
  assert.ok(email && password, 'E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD are set by infra/e2e/run.mjs');
  const res = await fetch(`${BASE_URL}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  assert.equal(res.status, 200, `admin sign-in: ${res.status}`);
  return (await res.json()).token;
}

/** Runs a test's undo steps, last first; a failing one is logged and the rest still run. */
export async function undoAll(steps, what = 'restore') {
  for (const undo of steps.reverse()) {
    try {
      await undo();
    } catch (error) {
      console.error(`${what} failed:`, error.message);
    }
  }
}

/** A medium drink's nutrition facts, as an admin nutrition row's body takes them (with its menuItemId and size). */
export const NUTRITION_FACTS = Object.freeze({
  calories: 210,
  fat: '7.5',
  saturatedFat: 4,
  cholesterol: 20,
  sodium: 110,
  carbohydrates: '30',
  fiber: 0,
  sugars: 28,
  protein: '5',
  caffeine: 120,
});
