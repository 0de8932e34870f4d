package site

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/linkcheck"
)

// TestLongSectionList: a section of more pages than listPageSize lists
// them over several pages (SECTION/page/N/), each with its part of the
// list in order and links to the others, every link resolving; the first
// page keeps the section's text, the others are titled by their number.
func TestLongSectionList(t *testing.T) {
	const n = 2*content.ListPageSize + 17
	files := map[string]string{"content/s/_index.md": "---\ntitle: Spells\n---\n\nThe section text.\n"}
	for i := range n {
		files[fmt.Sprintf("content/s/p%03d.md", i)] = fmt.Sprintf("---\ntitle: Spell %03d\nweight: %d\n---\n\nText.\n", i, i+1)
	}
	src := writeTree(t, files)
	if _, err := build(t, src, content.Options{}); err != nil {
		t.Fatal(err)
	}
	dest := filepath.Join(src, "public")
	tree := readTree(t, dest)
	itemRE := regexp.MustCompile(`<li><a href="/s/(p\d{3})/">`)
	var all []string
	for i, page := range []string{"s/index.html", "s/page/2/index.html", "s/page/3/index.html"} {
		html, ok := tree[page]
		if !ok {
			t.Fatalf("no %s", page)
		}
		list := html[strings.Index(html, `<ul class="children">`):]
		list = list[:strings.Index(list, "</ul>")]
		var items []string
		for _, m := range itemRE.FindAllStringSubmatch(list, -1) {
			items = append(items, m[1])
		}
		if want := min(content.ListPageSize, n-i*content.ListPageSize); len(items) != want {
			t.Errorf("%s lists %d pages, want %d", page, len(items), want)
		}
		all = append(all, items...)
		for j, u := range []string{"/s/", "/s/page/2/", "/s/page/3/"} {
			link := `<a href="` + u + `"`
			if j == i {
				link += ` aria-current="page"`
			}
			if !strings.Contains(html, link+">"+fmt.Sprint(j+1)+"</a>") {
				t.Errorf("%s: no pagination link %s", page, link)
			}
		}
		hasText := strings.Contains(html, "The section text.")
		if hasText != (i == 0) {
			t.Errorf("%s: section text shown = %v", page, hasText)
		}
		if i > 0 && !strings.Contains(html, fmt.Sprintf("<h1>Spells, page %d of 3</h1>", i+1)) {
			t.Errorf("%s: heading is not the list's page number", page)
		}
	}
	for i, item := range all {
		if want := fmt.Sprintf("p%03d", i); item != want {
			t.Fatalf("item %d of the whole list is %s, want %s", i, item, want)
		}
	}
	if len(all) != n {
		t.Errorf("the pages list %d pages in all, want %d", len(all), n)
	}
	if _, ok := tree["s/page/4/index.html"]; ok {
		t.Error("a fourth page of the list was written")
	}
	rep, err := linkcheck.Check(dest, "/")
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Broken) > 0 || len(rep.BadH1) > 0 {
		t.Errorf("links: %v; pages without one <h1>: %v", rep.Broken, rep.BadH1)
	}
	// A page whose URL is that of a further page of the list is an error
	// that names its file.
	write(t, src, "content/s/page/2.md", "---\ntitle: Clash\n---\n")
	_, err = build(t, src, content.Options{})
	if err == nil || !strings.Contains(err.Error(), "content/s/page/2.md:1:1: duplicate URL /s/page/2/: also page 2 of the list of content/s/_index.md") {
		t.Errorf("clash with a list page: err = %v", err)
	}
}
