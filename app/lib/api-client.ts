// The browser's calls to the JSON API (spec §7, §8): cookies always sent, JSON
// only when there is a body, any non-success answer becomes "<status>: <text>".

export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    credentials: "include",
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    const text = (await response.text()) || response.statusText;
    throw new Error(`${response.status}: ${text}`);
  }
  const type = response.headers.get("Content-Type") ?? "";
  return (type.includes("application/json") ? await response.json() : await response.text()) as T;
}

export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && /^401: /.test(error.message);
}
