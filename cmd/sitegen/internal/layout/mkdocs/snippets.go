package mkdocs

import (
	"fmt"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"d6codex/cmd/sitegen/internal/layout"
)

// Snippets is pymdownx.snippets' name in markdown_extensions:.
const Snippets = "pymdownx.snippets"

// snippetLineRE is a snippet line: its indent, escaping semicolons, and
// the quoted file of the single-line form (group 4), or a bare
// --8<-- that opens or closes a block of file lines (no group 4).
var snippetLineRE = regexp.MustCompile(`^([ \t]*)(;*)-{1,}8<-{1,}(?:[ \t]+(["'])(.*?)["'])?[ \t]*$`)

// lineRangeRE is a snippet's line range: file:start:end, either number
// omitted.
var lineRangeRE = regexp.MustCompile(`^(.*?)((?::-?\d*){1,2})$`)

// snippeter applies pymdownx.snippets to pages, as
// https://facelessuser.github.io/pymdown-extensions/extensions/snippets/
// documents it:
//
//   - "Snippets is run as a preprocessor, so if a snippet is found in a
//     fenced code block etc., it will still get processed": every line
//     that is only --8<-- "file" (or --8<-- 'file'), indented or not, is
//     replaced by the file's lines, each given the marker's indent
//     ("The included content is indented to match the block it lands
//     in");
//   - the block form: a line of --8<-- alone, lines naming one file
//     each, and a closing --8<--;
//   - "file.md:3:8" is lines 3 to 8 of the file (either number may be
//     left out);
//   - files are looked for in each folder of base_path in turn ("." by
//     default: the project's folder, where mkdocs.yml is), and must be
//     inside it (restrict_base_path, true by default: "Ensure that the
//     specified snippets are children of the specified base path(s)");
//   - "Snippets can handle recursive file inclusion. And if Snippets
//     encounters the same file in the current stack, it will avoid
//     re-processing it";
//   - "If a snippet declaration is processed, and the specified file
//     cannot be found, then the markup will be removed", unless
//     check_paths is true, when the build fails (an error here; a
//     warning otherwise, so the author knows what was left out);
//   - ";--8<--" escapes a marker: it is shown with one semicolon less.
//
// As for include-markdown, a path stays inside the source folder and a
// hidden file is never read; URL snippets and named sections are not
// read (a warning).
type snippeter struct {
	base  []string // base_path, source-relative
	check bool     // check_paths
}

// newSnippeter reads pymdownx.snippets' options.
func newSnippeter(opts *yaml.Node) snippeter {
	s := snippeter{base: []string{"."}}
	if opts == nil || opts.Kind != yaml.MappingNode {
		return s
	}
	for i := 0; i+1 < len(opts.Content); i += 2 {
		k, v := opts.Content[i].Value, opts.Content[i+1]
		switch k {
		case "base_path":
			switch v.Kind {
			case yaml.ScalarNode:
				s.base = []string{v.Value}
			case yaml.SequenceNode:
				s.base = nil
				for _, it := range v.Content {
					s.base = append(s.base, it.Value)
				}
			}
		case "check_paths":
			switch strings.ToLower(v.Value) {
			case "true", "yes", "on":
				s.check = true
			}
		}
	}
	return s
}

// expand is the layout.Expander of pymdownx.snippets.
func (s snippeter) expand(file string, src []byte, read func(string) ([]byte, error)) layout.Expanded {
	if !strings.Contains(string(src), "8<-") {
		return layout.Expanded{Src: src}
	}
	x := &snipping{snippeter: s, read: read}
	var out []string
	var lines []int
	for i, l := range strings.Split(strings.ReplaceAll(string(src), "\r\n", "\n"), "\n") {
		n := len(out)
		out = x.line(out, l, i+1, []string{file}, 0)
		for range out[n:] {
			lines = append(lines, i+1)
		}
	}
	return layout.Expanded{Src: []byte(strings.Join(out, "\n")), Lines: lines, Problems: x.problems}
}

type snipping struct {
	snippeter
	read     func(string) ([]byte, error)
	problems []layout.Problem
	inBlock  []bool // per depth: inside a block of file lines
	blockInd []string
	count    int
	size     int
	told     bool
}

// line appends to out what the line l (of the page, at depth 0, or of an
// included file) becomes; at is the page line problems are told at, stack
// the files being included.
func (x *snipping) line(out []string, l string, at int, stack []string, depth int) []string {
	for len(x.inBlock) <= depth {
		x.inBlock = append(x.inBlock, false)
		x.blockInd = append(x.blockInd, "")
	}
	m := snippetLineRE.FindStringSubmatch(l)
	if x.inBlock[depth] {
		if m != nil && m[2] == "" && m[3] == "" { // the closing --8<--
			x.inBlock[depth] = false
			return out
		}
		name := strings.TrimSpace(l)
		if name == "" || strings.HasPrefix(name, ";") {
			return out
		}
		return x.include(out, x.blockInd[depth], name, at, stack, depth)
	}
	if m == nil {
		return append(out, l)
	}
	if m[2] != "" { // escaped: shown with one semicolon less
		return append(out, m[1]+m[2][1:]+strings.TrimLeft(l, " \t;"))
	}
	if m[3] == "" { // a block opens
		x.inBlock[depth] = true
		x.blockInd[depth] = m[1]
		return out
	}
	return x.include(out, m[1], m[4], at, stack, depth)
}

// include appends the lines of the snippet name, each after indent.
func (x *snipping) include(out []string, indent, name string, at int, stack []string, depth int) []string {
	d := fmt.Sprintf("--8<-- %q", name)
	if x.count >= maxIncludes || x.size > maxExpanded || depth >= maxIncludeDepth {
		if !x.told {
			x.told = true
			x.problem(at, false, fmt.Sprintf("broken snippet %s: snippets nest more than %d deep, number more than %d or make the page longer than %d MB; the deeper ones are left out", d, maxIncludeDepth, maxIncludes, maxExpanded>>20))
		}
		return out
	}
	if strings.Contains(name, "://") {
		x.problem(at, true, fmt.Sprintf("%s: a URL snippet is not downloaded: nothing is included", d))
		return out
	}
	target, first, last := name, 0, 0
	if m := lineRangeRE.FindStringSubmatch(name); m != nil && m[1] != "" {
		target = m[1]
		parts := strings.Split(m[2][1:], ":")
		first, _ = strconv.Atoi(parts[0])
		if len(parts) > 1 {
			last, _ = strconv.Atoi(parts[1])
		}
	} else if i := strings.LastIndexByte(name, ':'); i > 0 && !strings.Contains(name[i:], "/") {
		x.problem(at, true, fmt.Sprintf("%s: a named section is not applied: nothing is included", d))
		return out
	}
	var file, why string
	var raw []byte
	for _, b := range x.base {
		base := path.Clean(b)
		f, msg := resolveInclude(base, target)
		if msg == "" && base != "." && !strings.HasPrefix(f, base+"/") {
			// restrict_base_path (true): "Ensure that the specified
			// snippets are children of the specified base path(s)".
			msg = fmt.Sprintf("%q is outside base_path %s", target, b)
		}
		if msg != "" {
			why = msg
			continue
		}
		data, err := x.read(f)
		if err != nil {
			why = fmt.Sprintf("no %s in base_path %s", target, strings.Join(x.base, ", "))
			continue
		}
		file, raw = f, data
		break
	}
	if file == "" {
		x.problem(at, !x.check, fmt.Sprintf("broken snippet %s: %s (pymdownx.snippets removes it%s)", d, why, map[bool]string{true: "; check_paths: true stops MkDocs' build", false: ""}[x.check]))
		return out
	}
	if slices.Contains(stack, file) { // the same file in the stack: not processed again
		return out
	}
	x.count++
	content := strings.Split(strings.TrimSuffix(strings.ReplaceAll(string(raw), "\r\n", "\n"), "\n"), "\n")
	if first > 0 || last > 0 {
		lo, hi := max(first, 1), len(content)
		if last > 0 && last < hi {
			hi = last
		}
		if lo > hi {
			content = nil
		} else {
			content = content[lo-1 : hi]
		}
	}
	for _, c := range content {
		n := len(out)
		out = x.line(out, c, at, append(stack, file), depth+1)
		for i := n; i < len(out); i++ {
			if out[i] != "" {
				out[i] = indent + out[i]
			}
			x.size += len(out[i])
		}
	}
	if depth+1 < len(x.inBlock) {
		x.inBlock[depth+1] = false
	}
	return out
}

func (x *snipping) problem(line int, warning bool, msg string) {
	x.problems = append(x.problems, layout.Problem{Line: line, Col: 1, Msg: msg, Warning: warning})
}

// chain is the Expander that applies a, then b to what a made: the
// include-markdown plugin works on a page's Markdown before Python-
// Markdown's preprocessors (pymdownx.snippets) see it.
func chain(a, b layout.Expander) layout.Expander {
	return func(file string, src []byte, read func(string) ([]byte, error)) layout.Expanded {
		ea := a(file, src, read)
		eb := b(file, ea.Src, read)
		back := func(l int) int {
			if ea.Lines != nil && l >= 1 && l <= len(ea.Lines) {
				return ea.Lines[l-1]
			}
			return l
		}
		lines := ea.Lines
		if eb.Lines != nil {
			lines = make([]int, len(eb.Lines))
			for i, l := range eb.Lines {
				lines[i] = back(l)
			}
		}
		problems := ea.Problems
		for _, p := range eb.Problems {
			p.Line = back(p.Line)
			problems = append(problems, p)
		}
		return layout.Expanded{Src: eb.Src, Lines: lines, Problems: problems, Title: ea.Title, ReadsSite: ea.ReadsSite || eb.ReadsSite}
	}
}
