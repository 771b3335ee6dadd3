/**
 * What a member is shown of another member before sending them points (decision 093): the name
 * masked so that it confirms a name typed in full without spelling out one guessed in part, and
 * a drawn avatar (members upload none): the name's first letter, already shown by the mask, on a
 * colour of the member's own, from a hash of their id, which says nothing about the id.
 */
import crypto from 'node:crypto';

/**
 * "Wang" -> "W***g", "Wangxiaoming" -> "Wa***g", "Al" -> "A***": at most the first two and the
 * last character, and always three stars, so the length is not told either.
 */
export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length <= 2) return `${chars[0] ?? ''}***`;
  const head = chars.length >= 5 ? 2 : 1;
  return `${chars.slice(0, head).join('')}***${chars[chars.length - 1]}`;
}

export function avatarOf(memberId: string, name: string): { initial: string; hue: number } {
  const hue = crypto.createHash('sha256').update(`avatar:${memberId}`).digest().readUInt16BE(0) % 360;
  return { initial: ([...name][0] ?? '').toUpperCase(), hue };
}
