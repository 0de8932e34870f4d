package content

import (
	"bufio"
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"d6codex/cmd/sitegen/internal/layout"
)

// GitTimes returns, for every file under content/ that git tracks in the
// source directory's repository, the time of the last commit that changed
// it and of the first that added it, keyed by source-relative slash path
// ("content/opend6/combat.md"). It runs one `git log` for the whole
// build. Without git, or outside a repository, it returns nil and pages
// fall back to their file time.
func GitTimes(ctx context.Context, source, content string) (last, first map[string]time.Time) {
	cmd := exec.CommandContext(ctx, "git", "-C", source, "log", "--relative", "--no-renames",
		"--format=%x00%ct", "--name-only", "--", content)
	cmd.Stderr = nil
	out, err := cmd.Output()
	if err != nil {
		return nil, nil
	}
	return parseGitLog(out)
}

// parseGitLog reads the output of git log --format=%x00%ct --name-only:
// commits newest first, each a NUL and a Unix time, then the files it
// changed. A file's first appearance is its latest change, its last its
// first commit.
func parseGitLog(out []byte) (times, first map[string]time.Time) {
	times, first = map[string]time.Time{}, map[string]time.Time{}
	var cur time.Time
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if rest, ok := strings.CutPrefix(line, "\x00"); ok {
			sec, err := strconv.ParseInt(strings.TrimSpace(rest), 10, 64)
			if err != nil {
				cur = time.Time{}
				continue
			}
			cur = time.Unix(sec, 0).UTC()
			continue
		}
		if line == "" || cur.IsZero() {
			continue
		}
		if _, seen := times[line]; !seen {
			times[line] = cur
		}
		first[line] = cur
	}
	return times, first
}

// FileTimes is what a PageCache may also answer: the modification time of
// a source file as the build already found it (its stamp, which it took
// to check the file against its record), so that Updated does not stat
// the file a second time; false when it has none.
type FileTimes interface {
	FileTime(file string) (time.Time, bool)
}

// Updated returns when page p's source last changed: its last commit when
// git knows the file, else the file's modification time; zero for pages
// without a file.
func (s *Site) Updated(p *Page) time.Time {
	if p.File == "" {
		return time.Time{}
	}
	if t, ok := s.Lastmod[p.File]; ok {
		return t
	}
	return s.Graph.updated(p.File, func() time.Time {
		if c, ok := s.LoadCache.(FileTimes); ok {
			if t, ok := c.FileTime(p.File); ok {
				return t
			}
		}
		fi, err := os.Stat(filepath.Join(s.Opts.Source, filepath.FromSlash(p.File)))
		if err != nil {
			return time.Time{}
		}
		return fi.ModTime().UTC()
	})
}

// ShownUpdated is the "Last updated" date page p shows, by the layout's
// setting (layout.Layout.LastUpdated); zero for none.
func (s *Site) ShownUpdated(p *Page) time.Time {
	how := layout.UpdatedFile
	if s.Lay.LastUpdated != nil {
		how = s.Lay.LastUpdated(p.Meta)
	}
	switch how {
	case layout.UpdatedNone:
		return time.Time{}
	case layout.UpdatedGit:
		return s.Lastmod[p.File]
	}
	return s.Updated(p)
}
