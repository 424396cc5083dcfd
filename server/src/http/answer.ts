/**
 * An HTTP answer as embedkit's own clients read it (the CLI, the demo login's backend): its status
 * and its body, parsed when it is JSON, else the text as it came (null when empty).
 */

/** An answer's status and body (JSON parsed; other text as is; null when empty). */
export interface Answer {
  status: number;
  body: unknown;
}

/** Reads the whole body of `res` into an {@link Answer}. @throws when the body cannot be read */
export async function readAnswer(res: Response): Promise<Answer> {
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: kept as text.
  }
  return { status: res.status, body };
}
