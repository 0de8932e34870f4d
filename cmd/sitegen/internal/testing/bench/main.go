//go:build linux

// Command bench measures `sitegen build` on synthetic corpora, side by
// side with Hugo when `hugo` is installed, and writes the figures into the
// "sitegen build" section of BENCHMARKS.md.
//
//	go run ./cmd/sitegen/internal/testing/bench [-sizes 2000,5000] [-per 0] [-runs 3] [-out BENCHMARKS.md]
//
// For each size it generates a corpus (package corpus, sections of size/10
// pages unless -per says otherwise) in a temporary directory, then runs
// the real sitegen binary, and Hugo on the same Markdown with a minimal
// theme of the same shape (hugo.go): fresh builds (no previous output),
// rebuilds (over the previous output) and rebuilds after a one-page edit,
// the two tools alternating run by run. Every run starts after sync(2). Wall time is measured around the
// process; CPU time and peak resident memory come from the child's
// rusage, so no external tool is needed.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"d6codex/cmd/sitegen/internal/site"
	"d6codex/cmd/sitegen/internal/testing/benchmd"
	"d6codex/cmd/sitegen/internal/testing/corpus"
)

type run struct {
	wall, cpu time.Duration
	rss       int64 // bytes
	pages     int
}

// runs are the measured runs of one tool on one corpus.
type runs struct {
	fresh, rebuild, edit []run
	bytes                int64 // size of its output (files, apparent size)
	pageBytes            int64 // size of one plain page of the middle section
}

type result struct {
	shape         string
	size, per     int
	fs            string
	floor         time.Duration // time to just write the same output tree
	sitegen, hugo runs
	pagesReported int
	hugoOK        bool
}

func main() {
	sizes := flag.String("sizes", "2000,5000", "comma-separated corpus sizes (pages)")
	per := flag.Int("per", 0, "pages per section (0: a tenth of the corpus)")
	runs := flag.Int("runs", 3, "runs per case")
	out := flag.String("out", "BENCHMARKS.md", "file whose \"## sitegen build\" section is replaced")
	bin := flag.String("sitegen", "", "sitegen binary (default: go build ./cmd/sitegen)")
	dirs := flag.String("dirs", "", "comma-separated parent folders for the corpora (default: the temp dir, and /dev/shm when present)")
	shapeList := flag.String("shapes", "d6codex,rules", "comma-separated corpus shapes: d6codex (package corpus), rules (corpus.GenerateRules, the shared benchmark corpus's shape)")
	flag.Parse()
	var shapes []shape
	for _, name := range strings.Split(*shapeList, ",") {
		sh, ok := shapeByName(strings.TrimSpace(name))
		if !ok {
			fmt.Fprintf(os.Stderr, "bench: unknown shape %q\n", name)
			os.Exit(2)
		}
		shapes = append(shapes, sh)
	}
	if err := mainErr(*sizes, *per, *runs, *out, *bin, *dirs, shapes); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

// shape is a kind of generated corpus with its Hugo theme.
type shape struct {
	name     string
	generate func(dir string, n, per int) error
	page     func(i, n, per int) string // source path of page i
	hugo     map[string]string
}

func shapeByName(name string) (shape, bool) {
	switch name {
	case "d6codex":
		return shape{name, func(dir string, n, per int) error { return corpus.GenerateSections(dir, n, per, 1) },
			func(i, _, per int) string { return corpus.PagePath(i, per) }, hugoTheme}, true
	case "rules":
		return shape{name, func(dir string, n, _ int) error { return corpus.GenerateRules(dir, n, 1) },
			func(i, _, _ int) string { return corpus.RulesPagePath(i) }, hugoRulesTheme}, true
	}
	return shape{}, false
}

func mainErr(sizeList string, per, runs int, out, bin, dirList string, shapes []shape) error {
	var parents []string
	if dirList == "" {
		parents = []string{os.TempDir()}
		if info, err := os.Stat("/dev/shm"); err == nil && info.IsDir() {
			parents = append(parents, "/dev/shm")
		}
	} else {
		parents = strings.Split(dirList, ",")
	}
	tmp, err := os.MkdirTemp("", "sitegen-bench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	if bin == "" {
		bin = filepath.Join(tmp, "sitegen")
		cmd := exec.Command("go", "build", "-o", bin, "./cmd/sitegen")
		cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("go build: %w", err)
		}
	}
	var results []result
	for _, parent := range parents {
		base, err := os.MkdirTemp(parent, "sitegen-bench-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(base)
		for _, sh := range shapes {
			rs, err := benchIn(base, bin, sizeList, per, runs, sh)
			if err != nil {
				return err
			}
			results = append(results, rs...)
		}
	}
	names := make([]string, len(shapes))
	for i, sh := range shapes {
		names[i] = sh.name
	}
	section := report(results, sizeList, per, runs, strings.Join(names, ","))
	fmt.Print("\n" + section)
	return benchmd.WriteSection(out, "sitegen build", section)
}

// benchIn measures every size with corpora generated under base.
func benchIn(base, bin, sizeList string, per, nruns int, sh shape) ([]result, error) {
	fsName := fsType(base)
	tr := &trash{dir: filepath.Join(base, "trash-"+sh.name)}
	if fsName == "ext4" {
		// Files deleted before the bench (the last bench's own clean-up)
		// would slow its first runs (see trash): let them age out.
		syscall.Sync()
		fmt.Printf("ext4: waiting %v for inodes deleted before the bench to age out (see trash in main.go)\n", settle)
		time.Sleep(settle)
	}
	hugo, _ := exec.LookPath("hugo")
	var results []result
	for _, f := range strings.Split(sizeList, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n <= 0 {
			return nil, fmt.Errorf("bad size %q", f)
		}
		perSection := per
		if perSection <= 0 {
			perSection = max(n/10, 1)
		}
		dir := filepath.Join(base, fmt.Sprintf("corpus-%s-%d", sh.name, n))
		spare := site.SparePath(filepath.Join(dir, "public")) // sitegen's previous output, kept for the next rebuild
		if err := sh.generate(dir, n, perSection); err != nil {
			return nil, err
		}
		r := result{shape: sh.name, size: n, per: perSection, fs: fsName, hugoOK: hugo != ""}
		if hugo != "" {
			if err := writeHugoTheme(dir, sh.hugo); err != nil {
				return nil, err
			}
		}
		type tool struct {
			name string
			out  string
			rs   *runs
			cmd  func() *exec.Cmd
		}
		tools := []tool{{"sitegen", filepath.Join(dir, "public"), &r.sitegen, func() *exec.Cmd { return exec.Command(bin, "build", "--source", dir) }}}
		if hugo != "" {
			tools = append(tools, tool{"hugo", filepath.Join(dir, "public-hugo"), &r.hugo, func() *exec.Cmd {
				return exec.Command(hugo, "--source", dir, "--destination", "public-hugo", "--quiet")
			}})
		}
		edited := filepath.Join(dir, filepath.FromSlash(sh.page(n/2+1, n, perSection)))
		for i := range nruns * 3 {
			fresh, kind := i < nruns, "rebuild"
			switch {
			case fresh:
				kind = "fresh"
			case i >= 2*nruns:
				// One page's text changes before both tools rebuild.
				kind = "edit"
				f, err := os.OpenFile(edited, os.O_APPEND|os.O_WRONLY, 0)
				if err == nil {
					_, err = fmt.Fprintf(f, "\nEdited for run %d of the bench.\n", i)
					err = errors.Join(err, f.Close())
				}
				if err != nil {
					return nil, err
				}
			}
			for _, t := range tools { // alternating: each tool's run i, then the next run
				if fresh {
					for _, d := range []string{t.out, spare, filepath.Join(dir, "resources")} {
						if err := tr.discard(d); err != nil {
							return nil, err
						}
					}
				}
				// Flush the previous run's writes first: on this VM's disk the
				// kernel throttles a writer while earlier dirty pages drain, so
				// without it each run would also pay for the one before.
				syscall.Sync()
				m, err := measure(t.cmd())
				if err != nil {
					return nil, fmt.Errorf("%s: %w", t.name, err)
				}
				switch kind {
				case "fresh":
					t.rs.fresh = append(t.rs.fresh, m)
				case "rebuild":
					t.rs.rebuild = append(t.rs.rebuild, m)
				default:
					t.rs.edit = append(t.rs.edit, m)
				}
				if t.name == "sitegen" {
					r.pagesReported = m.pages
				}
				fmt.Printf("%-6s %-7s %5d pages %-7s %-8s wall %6d ms  cpu %6d ms  peak RSS %4d MiB\n",
					fsName, sh.name, n, t.name, kind, m.wall.Milliseconds(), m.cpu.Milliseconds(), m.rss>>20)
			}
		}
		page := strings.TrimSuffix(strings.TrimPrefix(sh.page(n/2, n, perSection), "content/"), ".md") + "/index.html"
		for _, t := range tools {
			t.rs.bytes = treeBytes(t.out)
			if info, err := os.Stat(filepath.Join(t.out, filepath.FromSlash(page))); err == nil {
				t.rs.pageBytes = info.Size()
			}
		}
		syscall.Sync()
		if r.floor, err = writeFloor(filepath.Join(dir, "public"), filepath.Join(dir, "floor"), tr); err != nil {
			return nil, err
		}
		fmt.Printf("%-6s %5d pages floor   wall %6d ms (mkdir + write of the same tree, no rendering)\n", fsName, n, r.floor.Milliseconds())
		results = append(results, r)
		if err := tr.discard(dir); err != nil {
			return nil, err
		}
	}
	return results, nil
}

// settle is how long the kernel treats a deleted inode as recently deleted
// once its inode table is written back (RECENTCY_MIN, 60 s), plus a margin.
const settle = 65 * time.Second

// trash takes the trees a run is done with out of the way without
// deleting them: they are removed with the whole bench folder at the end.
// On an ext4 file system without a journal (this project's VM), the
// kernel skips recently deleted inodes when it allocates new ones
// (recently_deleted() in ext4's ialloc.c: a minute, or five while the
// inode table is dirty), so every file created in the minutes after
// removing a tree of 15,000 entries costs a scan past them: deleting the
// previous output before a timed run made the run 2 to 5 times slower,
// more with every run, for whichever tool ran next. Removing an old output
// is not part of either tool's build.
type trash struct {
	dir string
	n   int
}

// discard moves p (if it exists) into the trash.
func (t *trash) discard(p string) error {
	if _, err := os.Lstat(p); errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err := os.MkdirAll(t.dir, 0o755); err != nil {
		return err
	}
	t.n++
	return os.Rename(p, filepath.Join(t.dir, strconv.Itoa(t.n)))
}

// treeBytes is the apparent size of the files under dir.
func treeBytes(dir string) int64 {
	var n int64
	_ = filepath.WalkDir(dir, func(_ string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if info, err := d.Info(); err == nil {
				n += info.Size()
			}
		}
		return nil
	})
	return n
}

// writeFloor measures the file system's share: it recreates the folders
// and files of a built site (same names and sizes, GOMAXPROCS writers, no
// rendering) and returns the wall time. The tree goes to the trash
// afterwards.
func writeFloor(built, dst string, tr *trash) (time.Duration, error) {
	type file struct {
		rel  string
		size int64
	}
	var files []file
	var dirs []string
	err := filepath.WalkDir(built, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(built, p)
		if d.IsDir() {
			dirs = append(dirs, rel)
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		files = append(files, file{rel, info.Size()})
		return nil
	})
	if err != nil {
		return 0, err
	}
	buf := make([]byte, 1<<20)
	start := time.Now()
	for _, d := range dirs {
		if err := os.Mkdir(filepath.Join(dst, d), 0o755); err != nil {
			return 0, err
		}
	}
	errs := make(chan error, runtime.GOMAXPROCS(0))
	next := make(chan file)
	for range runtime.GOMAXPROCS(0) {
		go func() {
			var first error
			for f := range next {
				if first == nil {
					first = os.WriteFile(filepath.Join(dst, f.rel), buf[:min(f.size, int64(len(buf)))], 0o644)
				}
			}
			errs <- first
		}()
	}
	for _, f := range files {
		next <- f
	}
	close(next)
	for range runtime.GOMAXPROCS(0) {
		if e := <-errs; e != nil {
			err = e
		}
	}
	elapsed := time.Since(start)
	if err != nil {
		return 0, err
	}
	return elapsed, tr.discard(dst)
}

// fsType names the file system holding dir (the figures depend on it).
func fsType(dir string) string {
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		return "unknown"
	}
	switch st.Type {
	case 0xEF53:
		return "ext4"
	case 0x01021994:
		return "tmpfs"
	case 0x794c7630:
		return "overlay"
	case 0x9123683E:
		return "btrfs"
	case 0x58465342:
		return "xfs"
	}
	return fmt.Sprintf("fs-%#x", st.Type)
}

// measure runs one build and reads the child's resource usage.
func measure(cmd *exec.Cmd) (run, error) {
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	if err != nil {
		return run{}, fmt.Errorf("%w\n%s", err, stderr.String())
	}
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		return run{}, errors.New("no rusage for the child process")
	}
	m := run{
		wall: wall,
		cpu:  time.Duration(ru.Utime.Nano() + ru.Stime.Nano()),
		rss:  ru.Maxrss << 10, // KiB on Linux
	}
	if sm := regexp.MustCompile(`(\d+) pages in (\d+) ms`).FindStringSubmatch(stdout.String()); sm != nil {
		m.pages, _ = strconv.Atoi(sm[1])
	}
	return m, nil
}

func median(rs []run, f func(run) time.Duration) time.Duration {
	v := make([]time.Duration, len(rs))
	for i, r := range rs {
		v[i] = f(r)
	}
	slices.Sort(v)
	return v[len(v)/2]
}

func peak(rs []run) int64 {
	var m int64
	for _, r := range rs {
		m = max(m, r.rss)
	}
	return m
}

func cpuModel() string {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return "unknown CPU"
	}
	for _, line := range strings.Split(string(b), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return "unknown CPU"
}

func loadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

// report formats the BENCHMARKS.md section.
func report(results []result, sizes string, per, nruns int, shapes string) string {
	var b strings.Builder
	b.WriteString("## sitegen build\n\n")
	fmt.Fprintf(&b, "Produced by `make bench` (`go run ./cmd/sitegen/internal/testing/bench -sizes %s -per %d -runs %d -shapes %s`) on %s.\n", sizes, per, nruns, shapes, time.Now().UTC().Format("2006-01-02"))
	fmt.Fprintf(&b, "Machine: %d CPUs (%s), %s/%s, %s; load average before the report: %s.\n\n",
		runtime.NumCPU(), cpuModel(), runtime.GOOS, runtime.GOARCH, runtime.Version(), loadAvg())
	b.WriteString("Corpus: generated by `cmd/sitegen/internal/testing/corpus` — sections of a tenth of the corpus (200 pages at 2,000,\n")
	b.WriteString("500 at 5,000), each page about 3.5 KB of Markdown with front matter, 4 h2 + 4 h3 headings, lists, a 5-row table per\n")
	b.WriteString("part, code blocks, a footnote and 4 relative cross-links with anchors (all checked by sitegen). Each run is the real\n")
	b.WriteString("binary; \"fresh\" has no previous output (and sitegen no spare), \"rebuild\" builds over the previous one (sitegen:\n")
	b.WriteString("the spare output of the build before brought up to date in place, files equal to the current output's linked,\n")
	b.WriteString("atomic swap; the first rebuild after a fresh build has no spare and builds a new staging tree of links; Hugo:\n")
	b.WriteString("rewrites in place). Hugo (when installed) builds the same Markdown with a minimal theme of the same shape\n")
	b.WriteString("(`hugo.go`: title, section nav with at most 30 pages, table of contents, content, prev/next; no RSS, no\n")
	b.WriteString("taxonomies), the two alternating run by run. \"edit\" is a rebuild after one page's text changed (a sentence\n")
	b.WriteString("appended before each pair of runs): what an editor's save costs.\n")
	b.WriteString("Corpus \"rules\" is a second shape, the shared benchmark corpus's (`corpus.GenerateRules`, after `bench/corpus.py`):\n")
	b.WriteString("10 sections without section pages, each page four h2 sections of plain prose, a list, one link, one 11-row table;\n")
	b.WriteString("Hugo with that corpus's own theme (no sitemap). \"d6codex\" is the corpus described above.\n")
	b.WriteString("Wall time is the median of the runs (min–max in brackets); CPU is user+sys; peak RSS is the maximum over runs.\n")
	b.WriteString("Every timed run starts after a sync(2), so it does not also pay for the previous run's writes draining to disk.\n")
	b.WriteString("Outputs a fresh run replaces are moved aside, not deleted, until the end: on an ext4 file system without a journal\n")
	b.WriteString("(this VM's) the kernel skips inodes deleted in the last minutes when it allocates new ones, so a run right after\n")
	b.WriteString("the removal of a 15,000-entry tree paid 2 to 5 times its time, more with every run, whichever tool it was.\n")
	b.WriteString("\"fs floor\" is the time to merely create sitegen's output tree (same sizes, no rendering) on that file system.\n\n")
	b.WriteString("| file system | corpus (shape, pages) | case | sitegen wall | Hugo wall | ratio | sitegen CPU | Hugo CPU | sitegen peak RSS | Hugo peak RSS | fs floor |\n")
	b.WriteString("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	var verdicts []string
	for _, r := range results {
		for _, c := range []struct {
			name   string
			sg, hg []run
		}{{"fresh", r.sitegen.fresh, r.hugo.fresh}, {"rebuild", r.sitegen.rebuild, r.hugo.rebuild}, {"edit", r.sitegen.edit, r.hugo.edit}} {
			if len(c.sg) == 0 {
				continue
			}
			sw := median(c.sg, func(x run) time.Duration { return x.wall })
			hugoWall, hugoCPU, hugoRSS, ratio := "–", "–", "–", "–"
			if len(c.hg) > 0 {
				hw := median(c.hg, func(x run) time.Duration { return x.wall })
				hugoWall = fmt.Sprintf("%d ms (%s)", hw.Milliseconds(), spread(c.hg))
				hugoCPU = fmt.Sprintf("%d ms", median(c.hg, func(x run) time.Duration { return x.cpu }).Milliseconds())
				hugoRSS = fmt.Sprintf("%d MiB", peak(c.hg)>>20)
				q := sw.Seconds() / hw.Seconds()
				ratio = fmt.Sprintf("%.2f", q)
				mem := float64(peak(c.sg)) / float64(peak(c.hg))
				word := "MISS"
				if q <= 0.5 && mem <= 0.5 {
					word = "met"
				}
				verdicts = append(verdicts, fmt.Sprintf("- %s, %s %d pages, %s: target (≤ 0.5× Hugo's wall time and peak memory) %s — %.2f× the time, %.2f× the memory.",
					r.fs, r.shape, r.size, c.name, word, q, mem))
			}
			fmt.Fprintf(&b, "| %s | %s %d | %s | %d ms (%s) | %s | %s | %d ms | %s | %d MiB | %s | %d ms |\n",
				r.fs, r.shape, r.size, c.name, sw.Milliseconds(), spread(c.sg), hugoWall, ratio,
				median(c.sg, func(x run) time.Duration { return x.cpu }).Milliseconds(), hugoCPU, peak(c.sg)>>20, hugoRSS, r.floor.Milliseconds())
		}
	}
	b.WriteString("\nOutput size (all files) and one plain page of the middle section:\n\n")
	b.WriteString("| file system | corpus | sitegen output | sitegen page | Hugo output | Hugo page |\n|---|---:|---:|---:|---:|---:|\n")
	for _, r := range results {
		fmt.Fprintf(&b, "| %s | %s %d | %.1f MB | %.1f KB | %.1f MB | %.1f KB |\n", r.fs, r.shape, r.size,
			float64(r.sitegen.bytes)/1e6, float64(r.sitegen.pageBytes)/1e3, float64(r.hugo.bytes)/1e6, float64(r.hugo.pageBytes)/1e3)
	}
	if len(verdicts) > 0 {
		b.WriteString("\n" + strings.Join(verdicts, "\n") + "\n")
	} else {
		b.WriteString("\nHugo is not installed here (Debian: `apt-get install hugo`), so there is no comparison.\n")
	}
	return b.String()
}

// spread is the min–max of the runs' wall times in ms.
func spread(rs []run) string {
	lo := slices.MinFunc(rs, func(a, b run) int { return int(a.wall - b.wall) }).wall
	hi := slices.MaxFunc(rs, func(a, b run) int { return int(a.wall - b.wall) }).wall
	return fmt.Sprintf("%d–%d", lo.Milliseconds(), hi.Milliseconds())
}
