//go:build linux

// Command bench measures `sitegen build` on synthetic corpora and writes
// the figures into the "sitegen build" section of BENCHMARKS.md.
//
//	go run ./cmd/sitegen/internal/testing/bench [-sizes 1000,5000] [-runs 3] [-out BENCHMARKS.md]
//
// For each size it generates a corpus (package corpus) in a temporary
// directory, then runs the real sitegen binary on it: fresh builds (no
// previous public/) and rebuilds (replacing public/). Wall time is measured
// around the process; CPU time and peak resident memory come from the
// child's rusage, so no external tool is needed.
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

	"d6codex/cmd/sitegen/internal/testing/benchmd"
	"d6codex/cmd/sitegen/internal/testing/corpus"
)

// Targets from the issue: 5,000 pages in under 2 s and 300 MiB.
const (
	targetPages = 5000
	targetWall  = 2 * time.Second
	targetRSS   = 300 << 20
)

type run struct {
	wall, cpu time.Duration
	rss       int64 // bytes
	pages     int
}

type result struct {
	size           int
	fs             string
	floor          time.Duration // time to just write the same output tree
	fresh, rebuild []run
	pagesReported  int
}

func main() {
	sizes := flag.String("sizes", "1000,5000", "comma-separated corpus sizes (pages)")
	runs := flag.Int("runs", 3, "runs per case")
	out := flag.String("out", "BENCHMARKS.md", "file whose \"## sitegen build\" section is replaced")
	bin := flag.String("sitegen", "", "sitegen binary (default: go build ./cmd/sitegen)")
	dirs := flag.String("dirs", "", "comma-separated parent folders for the corpora (default: the temp dir, and /dev/shm when present)")
	flag.Parse()
	if err := mainErr(*sizes, *runs, *out, *bin, *dirs); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

func mainErr(sizeList string, runs int, out, bin, dirList string) error {
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
		rs, err := benchIn(base, bin, sizeList, runs)
		if err != nil {
			return err
		}
		results = append(results, rs...)
	}
	section := report(results, sizeList, runs)
	fmt.Print("\n" + section)
	return benchmd.WriteSection(out, "sitegen build", section)
}

// benchIn measures every size with corpora generated under base.
func benchIn(base, bin, sizeList string, runs int) ([]result, error) {
	fsName := fsType(base)
	var results []result
	for _, f := range strings.Split(sizeList, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n <= 0 {
			return nil, fmt.Errorf("bad size %q", f)
		}
		dir := filepath.Join(base, fmt.Sprintf("corpus-%d", n))
		if err := corpus.Generate(dir, n, 1); err != nil {
			return nil, err
		}
		r := result{size: n, fs: fsName}
		for i := range runs * 2 {
			fresh := i < runs
			if fresh {
				if err := os.RemoveAll(filepath.Join(dir, "public")); err != nil {
					return nil, err
				}
			}
			// Flush the previous run's writes first: on this VM's disk the
			// kernel throttles a writer while earlier dirty pages drain, so
			// without it each run would also pay for the one before.
			syscall.Sync()
			m, err := measure(bin, dir)
			if err != nil {
				return nil, err
			}
			kind := "rebuild"
			if fresh {
				kind = "fresh"
				r.fresh = append(r.fresh, m)
			} else {
				r.rebuild = append(r.rebuild, m)
			}
			r.pagesReported = m.pages
			fmt.Printf("%-6s %5d pages %-7s wall %6d ms  cpu %6d ms  peak RSS %4d MiB\n",
				fsName, n, kind, m.wall.Milliseconds(), m.cpu.Milliseconds(), m.rss>>20)
		}
		syscall.Sync()
		if r.floor, err = writeFloor(filepath.Join(dir, "public"), filepath.Join(dir, "floor")); err != nil {
			return nil, err
		}
		fmt.Printf("%-6s %5d pages floor   wall %6d ms (mkdir + write of the same tree, no rendering)\n", fsName, n, r.floor.Milliseconds())
		results = append(results, r)
		if err := os.RemoveAll(dir); err != nil {
			return nil, err
		}
	}
	return results, nil
}

// writeFloor measures the file system's share: it recreates the folders
// and files of a built site (same names and sizes, GOMAXPROCS writers, no
// rendering) and returns the wall time. The tree is removed afterwards.
func writeFloor(built, dst string) (time.Duration, error) {
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
	return elapsed, os.RemoveAll(dst)
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
func measure(bin, dir string) (run, error) {
	cmd := exec.Command(bin, "build", "--source", dir)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	if err != nil {
		return run{}, fmt.Errorf("sitegen build: %w\n%s", err, stderr.String())
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
func report(results []result, sizes string, runs int) string {
	var b strings.Builder
	b.WriteString("## sitegen build\n\n")
	fmt.Fprintf(&b, "Produced by `make bench` (`go run ./cmd/sitegen/internal/testing/bench -sizes %s -runs %d`) on %s.\n", sizes, runs, time.Now().UTC().Format("2006-01-02"))
	fmt.Fprintf(&b, "Machine: %d CPUs (%s), %s/%s, %s; load average before the report: %s.\n\n",
		runtime.NumCPU(), cpuModel(), runtime.GOOS, runtime.GOARCH, runtime.Version(), loadAvg())
	b.WriteString("Corpus: generated by `cmd/sitegen/internal/testing/corpus` — sections of 50 pages, each page about 3.5 KB of Markdown with\n")
	b.WriteString("front matter, 4 h2 + 4 h3 headings, lists, a 5-row table per part, code blocks, a footnote and 4 relative\n")
	b.WriteString("cross-links with anchors (all checked). Each run is the real `sitegen build` binary; \"fresh\" has no\n")
	b.WriteString("previous `public/`, \"rebuild\" replaces one (staging + atomic swap + removal of the old tree).\n")
	b.WriteString("Wall time is the median of the runs (min–max in brackets); CPU is user+sys; peak RSS is the maximum over runs.\n")
	b.WriteString("Every timed run starts after a sync(2), so it does not also pay for the previous run's writes draining to disk.\n")
	b.WriteString("\"fs floor\" is the time to merely create the same folders and files (same sizes, no rendering) on that file system:\n")
	b.WriteString("what any generator writing this site would pay there.\n\n")
	b.WriteString("| file system | corpus | HTML pages | case | wall (median) | pages/s | CPU | peak RSS | fs floor |\n")
	b.WriteString("|---|---:|---:|---|---:|---:|---:|---:|---:|\n")
	var verdicts []string
	for _, r := range results {
		for _, c := range []struct {
			name string
			rs   []run
		}{{"fresh", r.fresh}, {"rebuild", r.rebuild}} {
			if len(c.rs) == 0 {
				continue
			}
			wall := median(c.rs, func(x run) time.Duration { return x.wall })
			lo := slices.MinFunc(c.rs, func(a, b run) int { return int(a.wall - b.wall) }).wall
			hi := slices.MaxFunc(c.rs, func(a, b run) int { return int(a.wall - b.wall) }).wall
			cpu := median(c.rs, func(x run) time.Duration { return x.cpu })
			pps := float64(r.pagesReported) / wall.Seconds()
			fmt.Fprintf(&b, "| %s | %d | %d | %s | %d ms (%d–%d) | %.0f | %d ms | %d MiB | %d ms |\n",
				r.fs, r.size, r.pagesReported, c.name, wall.Milliseconds(), lo.Milliseconds(), hi.Milliseconds(), pps, cpu.Milliseconds(), peak(c.rs)>>20, r.floor.Milliseconds())
			if r.size == targetPages {
				ok := wall < targetWall && peak(c.rs) < targetRSS
				word := "MISS"
				if ok {
					word = "met"
				}
				verdicts = append(verdicts, fmt.Sprintf("- %s, %d pages, %s: target (< %v, < %d MiB) %s — %d ms, %d MiB (fs floor alone %d ms).",
					r.fs, r.size, c.name, targetWall, targetRSS>>20, word, wall.Milliseconds(), peak(c.rs)>>20, r.floor.Milliseconds()))
			}
		}
	}
	if len(verdicts) > 0 {
		b.WriteString("\n" + strings.Join(verdicts, "\n") + "\n")
	}
	return b.String()
}
