// Package uitest holds the tests of the reading experience of the bundled
// site (content/ and static/ at the repository root, built with the same
// handlers as `sitegen build`): real-browser tests of search, the theme
// toggle, the phone navigation and an axe-core accessibility audit, plus
// the page-weight budget and the contrast of the palette.
//
// The browser tests use the harness in cmd/sitegen/internal/testing/browser and
// leave screenshots in artifacts/. The accessibility audit needs axe-core:
// set AXE_CORE_JS to the path of axe.min.js (.ci/run fetches the pinned
// version from the npm registry); outside CI the audit is skipped without it.
package uitest
