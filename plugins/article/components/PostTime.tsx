/** When an article or notice was published (unix seconds), as a <time> element in the given format. */
import { dateTime } from '@kernel/core/time';

export function PostTime({ at, format = dateTime, className }: { at: number; format?: (seconds: number) => string; className?: string }) {
  return (
    <time dateTime={new Date(at * 1000).toISOString()} className={className}>
      {format(at)}
    </time>
  );
}
