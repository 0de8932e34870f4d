package jekyll

import (
	"bytes"
	"cmp"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
)

// WikilinksPlugin is the gem of jekyll-wikilinks
// (https://github.com/manunamz/jekyll-wikilinks), which reads
// [[filename]], [[filename|label]], ![[filename]] and typed wikilinks.
const WikilinksPlugin = "jekyll-wikilinks"

// usesWikilinks reports whether the site in dir (settings m) runs
// jekyll-wikilinks: its plugins: name it, or its Gemfile ("Add `gem
// 'jekyll-wikilinks'` to your site's Gemfile", the README's
// installation).
func usesWikilinks(dir string, m map[string]any) bool {
	if plugins(dir, m)[WikilinksPlugin] {
		return true
	}
	gemfile, err := layout.ReadSetting(dir, "Gemfile")
	return err == nil && gemWikilinks.Match(gemfile)
}

// gemWikilinks matches a Gemfile line that names jekyll-wikilinks.
var gemWikilinks = regexp.MustCompile(`(?m)^\s*gem\s+["']` + WikilinksPlugin + `["']`)

// Typed wikilinks of jekyll-wikilinks: "link_type::[[filename]]", "Types
// should not contain whitespace"; alone on a line (blockTyped), or in
// the text (inlineTyped), "!" before it for an embed (an embed alone on
// its line is still shown: "Same as embed HTML format above").
var (
	blockTyped  = regexp.MustCompile(`^\s*[\w-]+::\[\[[^\]]+\]\]\s*$`)
	inlineTyped = regexp.MustCompile(`(^|[^\w-])(!?)[\w-]+::(\[\[[^\]]+\]\])`)
)

// typedWikilinks reads jekyll-wikilinks' typed wikilinks in src, a
// page's Markdown: "Block level typed wikilinks […] are the only text
// on a single line. […] They are removed from the file entirely" (the
// line is left empty, so that later lines keep their numbers); "Inline
// level typed wikilinks are rendered in-place like other wikilinks": the
// type is dropped and the wikilink stays. Fenced code and code spans
// keep them as written.
func typedWikilinks(src []byte) []byte {
	if !bytes.Contains(src, []byte("::[[")) {
		return src
	}
	lines := bytes.SplitAfter(src, []byte("\n"))
	fence := ""
	var out bytes.Buffer
	out.Grow(len(src))
	for _, line := range lines {
		if fenceLine(line, &fence) || fence != "" || !bytes.Contains(line, []byte("::[[")) {
			out.Write(line)
			continue
		}
		body := bytes.TrimRight(line, "\r\n")
		if blockTyped.Match(body) {
			out.Write(line[len(body):])
			continue
		}
		// Outside code spans only: the even pieces between backticks.
		parts := strings.Split(string(body), "`")
		for i := 0; i < len(parts); i += 2 {
			if i+1 == len(parts) && len(parts)%2 == 0 {
				break // an unclosed backtick: the rest is text as written
			}
			parts[i] = inlineTyped.ReplaceAllString(parts[i], "$1$2$3")
		}
		out.WriteString(strings.Join(parts, "`"))
		out.Write(line[len(body):])
	}
	return out.Bytes()
}

// wikiLabel is the text jekyll-wikilinks gives a wikilink without a
// label (https://github.com/manunamz/jekyll-wikilinks, README: "The
// file's `title` frontmatter attribute is what gets rendered a the `a`
// tag's inner text", rendered as "lower-cased frontmatter title
// attribute", "lower-cased frontmatter title > header" for [[file#header]]
// and "lower-cased title > ^block_id" for [[file#^block_id]]). Its
// parser.rb (build_html) picks, in order: the front matter's title
// downcased ("linked_doc.data['title'].downcase"); a document's title,
// which Jekyll makes from its slug when it has none (Document#
// populate_title, "data["title"] ||= Utils.titleize_slug(slug)"); a
// page's slugified file name ("Jekyll::Utils.slugify(linked_doc.basename)").
func wikiLabel(cs []collection) func(rel string, fm map[string]any, frag string) string {
	return func(rel string, fm map[string]any, frag string) string {
		stem := strings.TrimSuffix(path.Base(rel), path.Ext(rel))
		var text string
		if t, ok := fm["title"]; ok {
			if t != nil {
				text = strings.ToLower(fmt.Sprint(t))
			}
		} else if c, _, _ := find(cs, rel); c != nil {
			// titleize_slug capitalizes each word of the slug (the file
			// name without a leading date, DATE_FILENAME_MATCHER): the
			// downcase leaves its words with spaces.
			slug := stem
			if m := datedName.FindStringSubmatch(stem); m != nil {
				slug = m[1]
			}
			text = strings.ToLower(strings.ReplaceAll(slug, "-", " "))
		} else {
			text = slugify(stem)
		}
		switch {
		case strings.HasPrefix(frag, "^"):
			text += " > " + frag // "inner_txt += " > ^#{wikilink.block_id}""
		case frag != "":
			text += " > " + strings.ToLower(frag) // "wikilink.header_txt.downcase"
		}
		return text
	}
}

// datedName matches a document's file name that starts with a date, as
// Jekyll's Document::DATE_FILENAME_MATCHER ("(\d{2,4}-\d{1,2}-\d{1,2})-
// ([^/]*)(\.[^.]+)$", the extension already taken off): its slug.
var datedName = regexp.MustCompile(`^\d{2,4}-\d{1,2}-\d{1,2}-(.*)$`)

// gardenPlugin reports whether the site in srcDir runs the digital
// garden template's wikilink plugin
// (https://github.com/maximevaillancourt/digital-garden-jekyll-template,
// _plugins/bidirectional_links_generator.rb), whose pattern of a note's
// file name reads its "-" as "-" or a space ("gsub('\-', '[ -]')"):
// a Ruby file of the plugins folder (plugins_dir, "_plugins" by
// default: https://jekyllrb.com/docs/configuration/default/) that
// writes that pattern. Other Jekyll sites' wikilinks name a note by its
// file name or title as written.
func gardenPlugin(srcDir, pluginsDir string) bool {
	dir := filepath.Join(srcDir, filepath.FromSlash(cmp.Or(pluginsDir, "_plugins")))
	entries, err := os.ReadDir(dir)
	if err != nil {
		return false
	}
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".rb") {
			continue
		}
		if raw, err := os.ReadFile(filepath.Join(dir, e.Name())); err == nil && strings.Contains(string(raw), "'[ -]'") {
			return true
		}
	}
	return false
}
