// The CLI reports the version of the package it was built from.
import { version } from '../../package.json';

export const CLI_VERSION: string = version;
