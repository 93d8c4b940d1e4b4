// Every Location the Worker sends is a path on the requesting host (issue 25, the open redirect). A path that a
// browser could read as naming another host ("//evil.example", "/\evil.example", or with tabs/newlines the URL
// parser strips) is never sent: it becomes "/".

/** A Location header value that can only lead to a path on the same host. */
export function sameHostLocation(path: string, search = ""): string {
  const safe = /^\/(?![/\\])/.test(path) && !/[\u0000-\u001f\u007f\\]/.test(path);
  return safe ? `${path}${search}` : "/";
}
