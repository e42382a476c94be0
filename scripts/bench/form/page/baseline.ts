import { instrument, lineCount, markRendered } from './data';

// The floor of the keystroke metric in this browser: one uncontrolled <input> and nothing else,
// with the same instrumentation (so "ours" can be read against what no form at all costs).
instrument();
const input = document.createElement('input');
input.id = `root_ProductList_Products_${Math.floor(lineCount() / 2)}_Name`;
input.setAttribute('aria-label', 'baseline');
input.value = 'Product';
document.getElementById('root')!.append(input);
markRendered();
