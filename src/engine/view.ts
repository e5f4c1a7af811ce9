/** What the shell shows about the current screen (its resolved title). */
import { proxy } from 'valtio';

export const view = proxy({ title: '' });
