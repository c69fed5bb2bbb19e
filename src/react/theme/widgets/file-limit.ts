/**
 * The app's own limit on a file's size (decoded bytes), when it cannot carry what a SEP-2356 field's `maxSize`
 * allows: `ElicitationHost` gives its queue's `maxFileBytes` (a bridge's), and the file picker takes the lower.
 * A module of its own, so a form without the host pays nothing for it before its first file field.
 */
import { createContext } from 'react';

export const FileLimit = createContext<number | undefined>(undefined);
