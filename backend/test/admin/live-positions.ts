/**
 * The console's live stream (GET /api/admin/events/live) opened with the session `cookie`: its
 * answer, and the positions it says, one at a time. `close()` ends it: it never ends by itself,
 * and a server closing waits for it.
 */
export async function openLivePositions(url: string, cookie: string) {
  const controller = new AbortController();
  const response = await fetch(`${url}/api/admin/events/live`, {
    headers: { cookie, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  /** The next position the stream says, as soon as it has come. */
  const nextPosition = async (): Promise<number> => {
    for (;;) {
      const match = /event: position\n(?:id: \d+\n)?data: (\{[^\n]*\})\n\n/.exec(text);
      if (match) {
        text = text.slice(match.index + match[0].length);
        return (JSON.parse(match[1]) as { position: number }).position;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('the stream ended');
      text += decoder.decode(value, { stream: true });
    }
  };
  return { response, nextPosition, close: () => controller.abort() };
}
