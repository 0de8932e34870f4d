package jekyll

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"d6codex/cmd/sitegen/internal/layout"
)

// Sass compilers sitegen runs, in the order it looks for them on PATH:
// Dart Sass (what Hugo runs for css.Sass, https://gohugo.io/functions/css/sass/,
// and jekyll-sass-converter 3 embeds) and libsass's sassc (what
// jekyll-sass-converter 2, Jekyll 4.3's, links; Debian's sassc package).
// There is no well-kept Sass compiler in pure Go (godartsass runs Dart
// Sass, go-libsass needs cgo), so sitegen runs one as a subprocess.
var sassCompilers = []string{"sass", "sassc"}

// SassCompiler is the name and path of the Sass compiler sitegen runs
// (sassCompilers), "" when none is on PATH.
func SassCompiler() (name, bin string) {
	for _, name := range sassCompilers {
		if bin, err := exec.LookPath(name); err == nil {
			return name, bin
		}
	}
	return "", ""
}

// sassTimeout and sassMaxOutput bound one compile: a stylesheet that
// takes longer, or writes more CSS, is not published (a warning).
const (
	sassTimeout   = time.Minute
	sassMaxOutput = 16 << 20
	sassMaxStderr = 64 << 10
)

// sassCompiler is the Sass compiler found on PATH and how the site asks
// it to compile ("sass:" in _config.yml: sass_dir, style, load_paths,
// https://github.com/jekyll/jekyll-sass-converter#configuration).
type sassCompiler struct {
	bin, name string
	root      string   // the repository: the compiler runs there, and no load path leaves it
	loadPaths []string // root-relative, slash-separated
	style     string   // "" for the compiler's default
	bad       string   // why a load path is not used (it leads out of the repository)
}

// findSass is the site's Sass compiler: nil when none is on PATH. root
// is the repository, src the site's source folder (both OS paths), m its
// _config.yml. Jekyll's load paths are sass_dir (default _sass, "relative
// to the source") and sass.load_paths; the theme's _sass is in its gem,
// out of the repository, so not read.
func findSass(root, src string, m map[string]any) *sassCompiler {
	c := &sassCompiler{root: root}
	if c.name, c.bin = SassCompiler(); c.bin == "" {
		return nil
	}
	conf, _ := m["sass"].(map[string]any)
	// jekyll-sass-converter 2.2's sass_load_paths: "user_sass_load_paths
	// + [sass_dir_relative_to_site_source]", in that order.
	var dirs []string
	if lp, ok := conf["load_paths"].([]any); ok {
		for _, d := range lp {
			if s := str(d); s != "" {
				dirs = append(dirs, s)
			}
		}
	}
	dirs = append(dirs, cmp.Or(str(conf["sass_dir"]), "_sass"))
	for _, d := range dirs {
		rel, err := insideRepo(root, filepath.Join(src, filepath.FromSlash(d)))
		if err != nil {
			c.bad = fmt.Sprintf("sass load path %q not used: %v", d, err)
			continue
		}
		if rel != "" {
			c.loadPaths = append(c.loadPaths, rel)
		}
	}
	// Its sass_style: ":compact is kept as the default output style for
	// sassc", :expanded for Dart Sass, which has no other but compressed.
	if c.name == "sassc" {
		c.style = "compact"
	}
	switch s := strings.TrimPrefix(str(conf["style"]), ":"); s {
	case "expanded", "compressed":
		c.style = s
	case "nested", "compact":
		if c.name == "sassc" {
			c.style = s
		}
	}
	return c
}

// insideRepo is the folder dir relative to root (slash-separated), its
// links followed; "" with no error when it does not exist; an error when
// it leads out of root.
func insideRepo(root, dir string) (string, error) {
	real, err := filepath.EvalSymlinks(dir)
	if errors.Is(err, os.ErrNotExist) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		return "", err
	}
	rel, err := filepath.Rel(realRoot, real)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return "", errors.New("it leads out of the repository")
	}
	return filepath.ToSlash(rel), nil
}

// sassExt is layout.Layout.RenderedExt: a Sass file with front matter is
// published as CSS at its own path, "style.scss" as "style.css".
func sassExt(rel string) string {
	if isSass(rel) {
		return ".css"
	}
	return ""
}

// isSass reports whether rel is a Sass file by its extension.
func isSass(rel string) bool {
	ext := path.Ext(rel)
	return ext == ".scss" || ext == ".sass"
}

// compile compiles the Sass text src (the file's body, Liquid run,
// starting at line first of file, source-relative) into CSS: stdin to
// stdout, nothing written in the source, bounded in time and size. An
// error is a warning naming the file (or the partial) and line.
func (c *sassCompiler) compile(file string, src []byte, first int) ([]byte, *layout.Problem) {
	src = c.rebase(src)
	if msg := c.escapes(src); msg != "" {
		return nil, &layout.Problem{Line: first, Col: 1, Warning: true, Msg: fmt.Sprintf("Sass (%s) not run: %s; not published", c.name, msg)}
	}
	ctx, cancel := context.WithTimeout(context.Background(), sassTimeout)
	defer cancel()
	args := []string{"--stdin"}
	if c.name == "sass" {
		args = append(args, "--no-source-map")
	}
	if path.Ext(file) == ".sass" {
		if c.name == "sass" {
			args = append(args, "--indented")
		} else {
			args = append(args, "--sass")
		}
	}
	if c.style != "" {
		args = append(args, "--style="+c.style)
	}
	for _, lp := range c.loadPaths {
		args = append(args, "--load-path="+filepath.FromSlash(lp))
	}
	cmd := exec.CommandContext(ctx, c.bin, args...)
	cmd.Dir = c.root
	cmd.Stdin = bytes.NewReader(src)
	out := &boundedBuffer{max: sassMaxOutput, over: cancel}
	errOut := &boundedBuffer{max: sassMaxStderr}
	cmd.Stdout, cmd.Stderr = out, errOut
	cmd.WaitDelay = 5 * time.Second
	err := cmd.Run()
	p := &layout.Problem{Line: first, Col: 1, Warning: true}
	switch {
	case out.exceeded:
		p.Msg = fmt.Sprintf("Sass (%s): the CSS is over %d MB, the most sitegen publishes; not published", c.name, sassMaxOutput>>20)
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		p.Msg = fmt.Sprintf("Sass (%s) did not finish in %s, the most sitegen waits; not published", c.name, sassTimeout)
	case err != nil:
		msg, line, col, where := sassError(errOut.buf.String())
		if msg == "" {
			msg = err.Error()
		}
		if where == "" && line > 0 {
			p.Line, p.Col = first-1+line, col
		} else if where != "" {
			msg += fmt.Sprintf(" (in %s:%d:%d)", where, line, col)
		}
		p.Msg = fmt.Sprintf("Sass (%s): %s; not published (Jekyll stops the build here; sitegen goes on)", c.name, msg)
	default:
		return out.buf.Bytes(), nil
	}
	return nil, p
}

// sassMaxPartials bounds the files of the load paths escapes reads.
const sassMaxPartials = 4096

var (
	// sassLoad is a rule that loads another stylesheet; its arguments
	// run to the end of the statement.
	sassLoad = regexp.MustCompile(`@(?:import|use|forward)\s+([^;{}\n]+)|load-css\(([^)]*)\)`)
	// sassURL is a quoted URL of a load rule's arguments, those inside
	// url(...) (a plain CSS @import, which the compiler does not read)
	// left out.
	sassURL = regexp.MustCompile(`url\([^)]*\)|"([^"]*)"|'([^']*)'`)
)

// rebase rewrites the loads of the Sass text src (read from the
// repository's root) that climb out of the root but stay inside from a
// load path ("../_sass/vars" with the load path _sass) to the path they
// reach from that load path ("_sass/vars"), which the compiler then
// reads from the root: jekyll build resolves them through the load path
// (Evannessa/Wiki-Public's styles.scss), and the compiler, which tries
// the root first, would otherwise read a file of the folder above.
func (c *sassCompiler) rebase(src []byte) []byte {
	var out []byte
	last := 0
	for _, m := range sassLoad.FindAllSubmatchIndex(src, -1) {
		if m[2] < 0 { // load-css: left to escapes
			continue
		}
		args := src[m[2]:m[3]]
		for _, u := range sassURL.FindAllSubmatchIndex(args, -1) {
			lo, hi := u[2], u[3]
			if lo < 0 {
				lo, hi = u[4], u[5]
			}
			if lo < 0 {
				continue
			}
			target := string(args[lo:hi])
			if j := path.Join(".", target); j != ".." && !strings.HasPrefix(j, "../") || strings.Contains(target, ":") || path.IsAbs(target) {
				continue
			}
			for _, lp := range c.loadPaths {
				if j := path.Join(lp, target); j != ".." && !strings.HasPrefix(j, "../") {
					out = append(append(out, src[last:m[2]+lo]...), j...)
					last = m[2] + hi
					break
				}
			}
		}
	}
	if out == nil {
		return src
	}
	return append(out, src[last:]...)
}

// escapes says why the Sass text src (read from the repository's root,
// the compiler's working folder) and the files of the load paths would
// have the compiler read a file out of the repository: a load rule
// naming an absolute path or a URL, or a relative one that climbs out
// of it from the file or a load path, a load-css of a name it computes,
// a link out of the repository in a load path; "" for none.
func (c *sassCompiler) escapes(src []byte) string {
	realRoot, err := filepath.EvalSymlinks(c.root)
	if err != nil {
		return err.Error()
	}
	check := func(file string, text []byte, dir string) string {
		for _, m := range sassLoad.FindAllSubmatch(text, -1) {
			args := m[1]
			if args == nil {
				args = m[2]
				if t := bytes.TrimSpace(args); len(t) == 0 || t[0] != '"' && t[0] != '\'' {
					return fmt.Sprintf("%s loads a stylesheet by a computed name (%s)", file, m[0])
				}
			}
			for _, u := range sassURL.FindAllSubmatch(args, -1) {
				target := string(u[1]) + string(u[2])
				if target == "" {
					continue
				}
				bases := append([]string{dir}, c.loadPaths...)
				if strings.Contains(target, ":") || path.IsAbs(target) || strings.HasPrefix(target, "~") {
					return fmt.Sprintf("%s loads %q, out of the repository", file, target)
				}
				for _, b := range bases {
					if j := path.Join(b, target); j == ".." || strings.HasPrefix(j, "../") {
						return fmt.Sprintf("%s loads %q, out of the repository", file, target)
					}
				}
			}
		}
		return ""
	}
	if msg := check("it", src, "."); msg != "" {
		return msg
	}
	n := 0
	for _, lp := range c.loadPaths {
		err := filepath.WalkDir(filepath.Join(c.root, filepath.FromSlash(lp)), func(p string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(c.root, p)
			rel = filepath.ToSlash(rel)
			if d.Type()&os.ModeSymlink != 0 {
				if _, err := insideRepo(realRoot, p); err != nil {
					return fmt.Errorf("%s: %w", rel, err)
				}
				if fi, err := os.Stat(p); err != nil || fi.IsDir() {
					return fmt.Errorf("%s: a link to a folder in a load path", rel) // its files would go unread here
				}
				// A link to a file inside: the file is read below.
			}
			if d.IsDir() || !isSass(rel) { // a .css partial is loaded as plain CSS: its @import is not followed
				return nil
			}
			if n++; n > sassMaxPartials {
				return fmt.Errorf("over %d files in the load paths", sassMaxPartials)
			}
			text, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			if msg := check(rel, text, path.Dir(rel)); msg != "" {
				return errors.New(msg)
			}
			return nil
		})
		if err != nil {
			return err.Error()
		}
	}
	return ""
}

// boundedBuffer keeps up to max bytes written to it; past that it drops
// the rest and calls over (which stops the compiler).
type boundedBuffer struct {
	buf      bytes.Buffer
	max      int
	exceeded bool
	over     func()
}

func (b *boundedBuffer) Write(p []byte) (int, error) {
	if b.exceeded || b.buf.Len()+len(p) > b.max {
		if !b.exceeded && b.over != nil {
			b.over()
		}
		b.exceeded = true
		return len(p), nil
	}
	return b.buf.Write(p)
}

var (
	// sasscAt is libsass's location line: "on line 3:5 of stdin".
	sasscAt = regexp.MustCompile(`(?m)^\s*on line (\d+):(\d+) of (.+?)\s*$`)
	// dartAt is a line of Dart Sass's trace: "  - 3:5  root stylesheet",
	// "  _sass/_base.scss 2:3  @import".
	dartAt = regexp.MustCompile(`(?m)^\s+(\S+) (\d+):(\d+)\s+\S`)
)

// sassError reads a compiler's error output: its message (the first
// line), the line and column, and where (a partial's path; "" for the
// compiled file, stdin).
func sassError(s string) (msg string, line, col int, where string) {
	s = strings.TrimSpace(s)
	msg, _, _ = strings.Cut(s, "\n")
	msg = strings.TrimSpace(msg)
	m := sasscAt.FindStringSubmatch(s)
	if m == nil {
		if m = dartAt.FindStringSubmatch(s); m != nil {
			m = []string{m[0], m[2], m[3], m[1]}
		}
	}
	if m == nil {
		return msg, 0, 0, ""
	}
	line, _ = strconv.Atoi(m[1])
	col, _ = strconv.Atoi(m[2])
	if where = m[3]; where == "stdin" || where == "-" {
		where = ""
	}
	return msg, line, col, where
}
