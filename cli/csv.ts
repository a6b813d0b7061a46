/** CSV for `--csv`: the kernel's writer (kernel/server/csv-write.ts), which plugin exports share. */
export { toCsv } from '@kernel/server/csv-write';
