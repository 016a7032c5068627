/** Input the CLI refuses (exit 2): its message names the file and the place, and is the one line on stderr. */
export class BadInput extends Error {}
