/**
 * A throwaway merchant over HTTP, as a test run makes its own (`POST /sandbox/merchants`) and
 * deletes it at the end (`DELETE /sandbox/merchants/{id}` with its key). Plain `fetch`, no test
 * runner: Vitest files and Playwright specs both use it.
 */

import { basicAuth } from '../service/accounts/authenticate';

export interface Throwaway {
  id: string;
  name: string;
  secretKey: string;
  publishableKey: string;
  email: string;
  password: string;
  expiresAt: string;
  subMerchants: Array<{ id: string; secretKey: string; publishableKey: string; email: string }>;
}

/** A new throwaway merchant on the sandbox at `apiUrl`; throws with the answer if refused. */
export async function createThrowaway(
  apiUrl: string,
  body: { name?: string; enableConnect?: boolean } = {},
): Promise<Throwaway> {
  const response = await fetch(`${apiUrl}/sandbox/merchants`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 201) {
    throw new Error(`POST /sandbox/merchants answered ${response.status}: ${text}`);
  }
  return JSON.parse(text) as Throwaway;
}

/** Deletes it with its own key; throws with the answer unless it is gone. */
export async function deleteThrowaway(apiUrl: string, merchant: Throwaway): Promise<void> {
  const response = await fetch(`${apiUrl}/sandbox/merchants/${encodeURIComponent(merchant.id)}`, {
    method: 'DELETE',
    headers: { Authorization: basicAuth(merchant.secretKey) },
  });
  if (response.status !== 200) {
    throw new Error(`DELETE /sandbox/merchants/${merchant.id} answered ${response.status}`);
  }
}
