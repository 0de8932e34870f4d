package content

import (
	"bytes"
	"fmt"
	"hash/maphash"
	"path"
	"slices"

	"d6codex/templates"
)

// A repository of Markdown often holds, beside its chapters, one file made
// by joining them (QuestWorlds' create_markdown.sh cats the 61 chapters
// into markdown/QuestWorlds.md for pandoc; the D&D 5.2 SRD's
// concat_all_files_into_one.ts writes DND-SRD-5.2-CC.md). As a page it is
// a second copy of the whole site in the navigation and in every search
// result. Where the layout says so (layout.Layout.SkipCopies) such a page
// is told by its text:
//
//   - it holds every line of at least copyMinPages other, smaller pages of
//     two lines or more (lines compared without their surrounding spaces,
//     blank lines ignored, in any order), and
//   - those pages' lines make at least half of its own text,
//
// so a page that quotes a paragraph or two of others, or an index that
// lists them, is not one. It is still published at its URL (links to it
// work; it is the one-page version its authors made), under the home
// page, but it is in no section's list, the navigation, the reading
// order, the sitemap or search. Its title is its file name, not the
// first chapter's heading it starts with.
//
// The test is linear in the text: each page's longest line is its anchor,
// a page is checked in full only against the pages whose anchors it holds,
// and only when there are copyMinPages of them.
const copyMinPages = 3

// pageText is a page's distinct non-blank lines, as hashes with their
// lengths.
type pageText struct {
	lines  map[uint64]int // hash -> length of the trimmed line
	bytes  int            // the lengths' sum
	anchor uint64         // the hash of the longest line
}

// markCopies marks the generated copies among pages (see above) and
// returns a note on each for the build's report.
func (s *Site) markCopies(pages []*Page) []string {
	if !s.Lay.SkipCopies {
		return nil
	}
	seed := maphash.MakeSeed()
	texts := make([]pageText, len(pages))
	anchors := map[uint64][]int{} // anchor line -> the pages it anchors
	for i, p := range pages {
		if p.Src == nil || p.Failed {
			continue
		}
		texts[i] = textOf(seed, p.Src)
		if len(texts[i].lines) >= 2 {
			anchors[texts[i].anchor] = append(anchors[texts[i].anchor], i)
		}
	}
	var notes []string
	seen := make([]int, len(pages)) // i+1 where page i's candidates hold the page
	for i, p := range pages {
		t := texts[i]
		if p.Kind != templates.KindPage || len(t.lines) == 0 {
			continue
		}
		var candidates []int
		for h := range t.lines {
			for _, j := range anchors[h] {
				if j != i && seen[j] != i+1 && len(texts[j].lines) < len(t.lines) {
					seen[j] = i + 1
					candidates = append(candidates, j)
				}
			}
		}
		if len(candidates) < copyMinPages {
			continue
		}
		covered := map[uint64]int{}
		n := 0
		for _, j := range candidates {
			if !holdsAll(t.lines, texts[j].lines) {
				continue
			}
			n++
			for h, l := range texts[j].lines {
				covered[h] = l
			}
		}
		sum := 0
		for _, l := range covered {
			sum += l
		}
		if n >= copyMinPages && 2*sum >= t.bytes {
			p.Copy, p.SearchExclude = true, true
			if p.DropH1 && p.Heading == "" {
				// Its first heading is the first chapter's: the copy is
				// named by its file, and the heading stays in place.
				p.Ids[s.headingSlug(p.Title)] = true
				p.Title, p.DropH1, p.TitleLead = titleFromName(pageName(path.Base(p.Rel))), false, false
			}
			notes = append(notes, fmt.Sprintf("%s repeats the text of %d other pages: published at %s, but not in the navigation, sitemap or search",
				p.File, n, s.Cfg.RelURL(p.SitePath)))
		}
	}
	slices.Sort(notes)
	return notes
}

// holdsAll reports whether every line of part is in whole.
func holdsAll(whole, part map[uint64]int) bool {
	for h := range part {
		if _, ok := whole[h]; !ok {
			return false
		}
	}
	return true
}

// textOf reads the lines of a page's text after its front matter.
func textOf(seed maphash.Seed, src []byte) pageText {
	if _, end, ok, closed := FrontMatterSpan(src); ok && closed {
		src = src[end:]
		if _, rest, found := bytes.Cut(src, []byte("\n")); found { // the closing delimiter
			src = rest
		} else {
			src = nil
		}
	}
	t := pageText{lines: map[uint64]int{}}
	longest := -1
	for len(src) > 0 {
		line, rest, _ := bytes.Cut(src, []byte("\n"))
		src = rest
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		h := maphash.Bytes(seed, line)
		if _, dup := t.lines[h]; dup {
			continue
		}
		t.lines[h] = len(line)
		t.bytes += len(line)
		if len(line) > longest {
			longest, t.anchor = len(line), h
		}
	}
	return t
}
