package uitest

import (
	"testing"

	"d6codex/cmd/sitegen/internal/testing/browser"
)

// TestTaskListItems opens a page of Markdown task items ("- [ ] x"), as
// vaults and GitHub write them: a task item of a bulleted list shows its
// checkbox where the bullet would be, not a bullet and then a checkbox
// (GitHub's "task list items" have `list-style-type: none` and the box in
// the bullet's place; Obsidian draws no bullet before a checkbox), its
// text starting where a plain item's text starts; a plain item beside it
// keeps its bullet, and a numbered list keeps its numbers.
func TestTaskListItems(t *testing.T) {
	dest := buildSite(t, map[string]string{
		"tasks.md": "---\ntitle: Tasks\n---\n\n- [ ] open task\n- [x] done task\n  - [ ] nested task\n- plain item\n\n1. [ ] numbered task\n2. second\n",
	})
	base := browser.Serve(t, dest)
	for _, size := range []struct {
		name string
		w, h int
	}{{"desktop", desktopW, desktopH}, {"phone", phoneW, phoneH}} {
		t.Run(size.name, func(t *testing.T) {
			ctx := newTab(t, size.w, size.h)
			open(t, ctx, base, "/tasks/")
			type item struct {
				Text                string
				Style               string
				BoxLeft, TextLeft   float64
				ListLeft, PlainLeft float64
				ViewW, ScrollW      float64
			}
			items := eval[[]item](t, ctx, `(() => {
				const textLeft = li => { const r = document.createRange(); const n = [...li.childNodes].find(c => c.nodeType === 3 && c.textContent.trim());
					r.selectNodeContents(n); return r.getClientRects()[0].left; };
				const plain = [...document.querySelectorAll(".content ul > li")].find(li => !li.querySelector(":scope > input"));
				return [...document.querySelectorAll(".content li")].map(li => {
					const box = li.querySelector(":scope > input");
					return {Text: li.firstChild.nodeType === 3 ? li.firstChild.textContent.trim() : li.childNodes[1].textContent.trim(),
						Style: getComputedStyle(li).listStyleType,
						BoxLeft: box ? box.getBoundingClientRect().left : -1, TextLeft: textLeft(li),
						ListLeft: li.parentElement.getBoundingClientRect().left, PlainLeft: textLeft(plain),
						ViewW: innerWidth, ScrollW: document.documentElement.scrollWidth};
				});
			})()`)
			if len(items) != 6 {
				t.Fatalf("%d list items, want 6: %+v", len(items), items)
			}
			for _, it := range items {
				t.Logf("%s: %+v", size.name, it)
				switch it.Text {
				case "open task", "done task", "nested task":
					if it.Style != "none" {
						t.Errorf("%q shows a %s bullet before its checkbox", it.Text, it.Style)
					}
					if it.BoxLeft < it.ListLeft-0.5 || it.BoxLeft >= it.TextLeft {
						t.Errorf("%q: its checkbox at %.0f px is not between its list's edge (%.0f) and its text (%.0f)", it.Text, it.BoxLeft, it.ListLeft, it.TextLeft)
					}
					if it.Text != "nested task" && (it.TextLeft < it.PlainLeft-2 || it.TextLeft > it.PlainLeft+2) {
						t.Errorf("%q's text starts at %.0f px, a plain item's at %.0f", it.Text, it.TextLeft, it.PlainLeft)
					}
				case "plain item":
					if it.Style != "disc" {
						t.Errorf("the plain item's bullet is %q, want disc", it.Style)
					}
				case "numbered task", "second":
					if it.Style != "decimal" {
						t.Errorf("%q's marker is %q, want its number", it.Text, it.Style)
					}
				}
				if it.ScrollW > it.ViewW {
					t.Errorf("the page is %.0f px wide in a %.0f px window", it.ScrollW, it.ViewW)
				}
			}
			browser.Screenshot(t, ctx, "tasks-"+size.name)
		})
	}
}
