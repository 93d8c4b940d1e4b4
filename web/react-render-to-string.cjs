"use strict";
// The one React server build the Worker ships (issue 47 item 7): renderToString from react-dom's legacy server
// build. `react-dom/server` (and `react-dom/static`) would bring the streaming build too (~290 KB), which the Worker
// never uses (docs/decisions/0155: renderToString is the cheapest for a finished page). The path goes around the
// package's exports map on purpose: no entry of it exposes the legacy build alone.
if (process.env.NODE_ENV === "production") {
  module.exports = require("../node_modules/react-dom/cjs/react-dom-server-legacy.browser.production.js");
} else {
  module.exports = require("../node_modules/react-dom/cjs/react-dom-server-legacy.browser.development.js");
}
