// Package contentcheck holds the checks of the site's own content (the
// content/ folder at the repository root); it has tests only.
//
// The tests check that the bundled site builds with no diagnostics (no
// broken link or anchor, no bad block) with the real block handlers and
// generators; that every system section has its fixed pages, a ```calc block
// for each of the system's calculators and at least one ```table block;
// that every page has a description; and that no run of 12 or more
// consecutive words of a seed (the source texts in ../shared/seeds/ next to
// the repository) appears in content/, so pages stay in the site's own
// words. The seed check skips, saying so, when the seeds are absent.
//
//	go test ./cmd/sitegen/internal/testing/contentcheck/          # everything
//	go test -short ./cmd/sitegen/internal/testing/contentcheck/   # without the full build
package contentcheck
