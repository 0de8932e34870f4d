package servecmd

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Environment variables a restarting server hands to its successor.
const (
	// envListenFD is the number of the inherited listening socket.
	envListenFD = "SITEGEN_SERVE_LISTEN_FD"
	// envWorkDir is the temporary folder of the session (output, binaries),
	// which the last process of the session removes.
	envWorkDir = "SITEGEN_SERVE_WORKDIR"
)

// isRepo reports whether dir is the root of the d6codex module, whose code
// sitegen serve can rebuild.
func isRepo(dir string) bool {
	data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		return false
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		if f := strings.Fields(sc.Text()); len(f) == 2 && f[0] == "module" {
			return strings.Trim(f[1], `"`) == "d6codex"
		}
	}
	return false
}

// compile regenerates the templ components and builds a new sitegen
// binary (and checks that the WebAssembly modules compile: the server and
// every system's registration) from the
// repository at src, into dir. It returns the binary's path, or the
// compiler's problems when something does not build.
func compile(ctx context.Context, src, dir string) (string, []problem, error) {
	bin := filepath.Join(dir, fmt.Sprintf("sitegen-%d", time.Now().UnixNano()))
	steps := []struct {
		name string
		env  []string
		args []string
	}{
		{"templ generate", nil, []string{"tool", "templ", "generate"}},
		{"go build", nil, []string{"build", "-o", bin, "./cmd/sitegen"}},
	}
	if info, err := os.Stat(filepath.Join(src, "wasm")); err == nil && info.IsDir() {
		steps = append(steps, struct {
			name string
			env  []string
			args []string
		}{"go build (wasm)", []string{"GOOS=js", "GOARCH=wasm"}, []string{"build", "./wasm", "./calc/..."}})
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", nil, fmt.Errorf("rebuild sitegen: %w", err)
	}
	for _, st := range steps {
		cmd := exec.CommandContext(ctx, "go", st.args...)
		cmd.Dir = src
		cmd.Env = append(os.Environ(), st.env...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			if ctx.Err() != nil {
				return "", nil, fmt.Errorf("%s: %w", st.name, ctx.Err())
			}
			return "", compilerProblems(st.name, string(out), err), nil
		}
	}
	return bin, nil, nil
}

// compilerLine matches "file.go:12:5: message" and "file.go:12: message".
var compilerLine = regexp.MustCompile(`^(\S+?\.(?:go|templ)):(\d+)(?::(\d+))?: (.+)$`)

// compilerProblems turns a failed step's output into overlay problems,
// one per located message, or one for the whole output.
func compilerProblems(step, out string, err error) []problem {
	var ps []problem
	for line := range strings.Lines(out) {
		m := compilerLine.FindStringSubmatch(strings.TrimSpace(line))
		if m == nil {
			continue
		}
		l, _ := strconv.Atoi(m[2])
		c, _ := strconv.Atoi(m[3])
		ps = append(ps, problem{File: strings.TrimPrefix(m[1], "./"), Line: l, Col: c, Msg: m[4]})
	}
	if len(ps) == 0 {
		msg := strings.TrimSpace(out)
		if msg == "" {
			msg = err.Error()
		}
		ps = append(ps, problem{File: step, Msg: msg})
	}
	return ps
}

// inheritedListener returns the listening socket handed over by the
// process this one replaced, if any.
func inheritedListener() (net.Listener, bool, error) {
	v := os.Getenv(envListenFD)
	if v == "" {
		return nil, false, nil
	}
	os.Unsetenv(envListenFD)
	fd, err := strconv.Atoi(v)
	if err != nil || fd < 3 {
		return nil, false, fmt.Errorf("inherited listener: bad %s=%q", envListenFD, v)
	}
	f := os.NewFile(uintptr(fd), "listener")
	defer f.Close()
	ln, err := net.FileListener(f)
	if err != nil {
		return nil, false, fmt.Errorf("inherited listener: %w", err)
	}
	return ln, true, nil
}

// removeOldBinaries deletes the binaries of earlier restarts in dir, all
// but the running one.
func removeOldBinaries(dir string) {
	self, err := os.Executable()
	if err != nil {
		return
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		if strings.HasPrefix(e.Name(), "sitegen-") && p != self {
			os.Remove(p)
		}
	}
}
