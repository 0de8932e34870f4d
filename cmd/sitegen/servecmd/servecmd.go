// Package servecmd implements `sitegen serve`: build the site once, then
// serve the output directory over HTTP on the loopback interface.
//
// This is the plain server; live reload and rebuild-on-change come later
// and will reuse site.Build, which swaps a finished build into place
// atomically, so the server always serves the last good site.
package servecmd

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"time"

	"d6codex/cmd/sitegen/buildcmd"
)

// Usage is the help text of `sitegen serve`.
const Usage = `usage: sitegen serve [flags]

Build the site, then serve the output directory until interrupted.

Flags:
  --bind ADDR           interface to listen on (default 127.0.0.1)
  -p, --port N          port (default 1313)
  -s, --source DIR      site source directory (default ".")
  -d, --dest DIR        output directory (default SOURCE/public)
  -b, --base-url URL    base URL (default http://BIND:PORT/)
  -D, --drafts          include pages marked draft: true
`

// Run runs `sitegen serve` with the arguments after "serve" and returns
// the exit code. It returns when ctx is cancelled.
func Run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var f buildcmd.Flags
	f.Register(fs)
	bind := fs.String("bind", "127.0.0.1", "interface to listen on")
	var port int
	fs.IntVar(&port, "port", 1313, "port")
	fs.IntVar(&port, "p", 1313, "port")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, Usage)
			return 0
		}
		fmt.Fprintf(stderr, "sitegen serve: %v\n\n%s", err, Usage)
		return 2
	}
	addr := net.JoinHostPort(*bind, strconv.Itoa(port))
	if f.BaseURL == "" {
		f.BaseURL = "http://" + addr + "/"
	}
	opts := f.Options()
	if _, ok := buildcmd.Build(ctx, opts, stdout, stderr); !ok {
		return 1
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		fmt.Fprintf(stderr, "sitegen serve: %v\n", err)
		return 1
	}
	srv := &http.Server{Handler: Handler(opts.Dest), ReadHeaderTimeout: 10 * time.Second}
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(shut)
	}()
	fmt.Fprintf(stdout, "serving %s at http://%s/ (Ctrl+C to stop)\n", opts.Dest, addr)
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintf(stderr, "sitegen serve: %v\n", err)
		return 1
	}
	return 0
}

// Handler serves the built site in dir, answering unknown paths with the
// site's 404.html and status 404. It opens files per request, so it
// serves whatever build was last swapped into dir.
func Handler(dir string) http.Handler {
	files := http.FileServer(http.Dir(dir))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := path.Clean("/" + r.URL.Path)
		full := filepath.Join(dir, filepath.FromSlash(p))
		info, err := os.Stat(full)
		if err == nil && info.IsDir() {
			_, err = os.Stat(filepath.Join(full, "index.html"))
		}
		if err != nil {
			body, rerr := os.ReadFile(filepath.Join(dir, "404.html"))
			if rerr != nil {
				http.NotFound(w, r)
				return
			}
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.WriteHeader(http.StatusNotFound)
			_, _ = w.Write(body)
			return
		}
		files.ServeHTTP(w, r)
	})
}
