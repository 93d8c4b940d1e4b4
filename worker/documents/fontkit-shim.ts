// @pdf-lib/fontkit's Indic and Universal shapers iterate syllables with a Babel-compiled generator that expects a
// global `regeneratorRuntime` (its build does not bundle it): without it, laying out Devanagari or Bengali throws
// "regeneratorRuntime is not defined". Babel's own runtime (the regenerator-runtime package) defines that global
// when loaded, so it is loaded here, before fontkit (font-faces.ts imports this file first).
import "regenerator-runtime/runtime";
