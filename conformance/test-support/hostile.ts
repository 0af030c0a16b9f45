import { errorResponse, type TargetOptions } from './target.ts';

// A deployment whose Error bodies carry markup aimed at the reports: scripts, event handlers, Markdown links
// and table breaks, a remote image. It also answers 409 to the cancel of an absent id, so one must check fails
// and its evidence (the hostile body) lands in every report.

export const HOSTILE_MESSAGE =
  '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2"> | **bold** [click](https://evil.example/)';
export const HOSTILE_CODE = '<img src=x onerror=alert(1)>|[x](https://e.example)';

export function hostileTarget(beacon: string): TargetOptions {
  const body = (status: number) =>
    JSON.stringify({ code: HOSTILE_CODE, message: `${HOSTILE_MESSAGE} <img src="${beacon}">`, status });
  return {
    transform: (request, response) => {
      if (request.method === 'DELETE' && response.status === 404) {
        return { ...errorResponse(409, 'X'), body: body(409) };
      }
      return response.status === 401 ? { ...response, body: body(401) } : response;
    },
  };
}
