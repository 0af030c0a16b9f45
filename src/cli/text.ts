/** Folds a message onto one line (messages from libraries sometimes span several). */
export function oneLine(message: string): string {
  return message.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}
