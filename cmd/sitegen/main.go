// Command sitegen builds the d6codex static site from content/ into public/.
//
//	sitegen build [--source DIR] [--dest DIR] [--base-url URL] [--drafts]
//	sitegen serve [--bind ADDR] [--port N] [--poll DUR] [--navigate] [build flags]
//	sitegen calc list | schema ID | run ID [field=value ...]
//	sitegen dice EXPR [EXPR ...]
//	sitegen new site DIR
//	sitegen version
//	sitegen help [COMMAND]
//
// Each subcommand lives in its own package (buildcmd, servecmd, ...);
// this file only dispatches.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"
	"syscall"

	"d6codex/cmd/sitegen/buildcmd"
	"d6codex/cmd/sitegen/calccmd"
	"d6codex/cmd/sitegen/dicecmd"
	"d6codex/cmd/sitegen/newcmd"
	"d6codex/cmd/sitegen/servecmd"
)

// stdio carries the standard streams into a subcommand.
type stdio struct {
	in       io.Reader
	out, err io.Writer
}

// command is one subcommand. To add one, add an entry to commands.
type command struct {
	name    string
	summary string
	usage   string
	run     func(ctx context.Context, args []string, io stdio) int
}

// commands lists the subcommands in the order help shows them.
func commands() []command {
	return []command{
		{"build", "build the site into public/", buildcmd.Usage,
			func(ctx context.Context, args []string, io stdio) int { return buildcmd.Run(ctx, args, io.out, io.err) }},
		{"serve", "serve the site on localhost, rebuilding and reloading on every save", servecmd.Usage,
			func(ctx context.Context, args []string, io stdio) int { return servecmd.Run(ctx, args, io.out, io.err) }},
		{"new", "create a starter site in a new folder", newcmd.Usage,
			func(_ context.Context, args []string, io stdio) int { return newcmd.Run(args, io.out, io.err) }},
		{"calc", "run the combat calculators on the command line", calccmd.Usage,
			func(_ context.Context, args []string, io stdio) int { return calccmd.Run(args, io.in, io.out, io.err) }},
		{"dice", "print the exact distribution of a dice expression as JSON", dicecmd.Usage,
			func(_ context.Context, args []string, io stdio) int { return dicecmd.Run(args, io.in, io.out, io.err) }},
		{"version", "print the version", "usage: sitegen version\n",
			func(_ context.Context, _ []string, io stdio) int { fmt.Fprintln(io.out, version()); return 0 }},
	}
}

func main() {
	if os.Getenv("GOGC") == "" {
		// Every command's live heap is small and short-lived: the build's
		// setting (buildcmd.GCPercent, measured there) suits them all.
		debug.SetGCPercent(buildcmd.GCPercent)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], stdio{os.Stdin, os.Stdout, os.Stderr})
	stop()
	os.Exit(code)
}

// run dispatches to a subcommand and returns the exit code.
func run(ctx context.Context, args []string, io stdio) int {
	if len(args) == 0 {
		fmt.Fprint(io.err, usage())
		return 2
	}
	name := args[0]
	switch name {
	case "help", "-h", "-help", "--help":
		if len(args) > 1 {
			for _, c := range commands() {
				if c.name == args[1] {
					fmt.Fprint(io.out, c.usage)
					return 0
				}
			}
			fmt.Fprintf(io.err, "sitegen help: unknown command %q\n", args[1])
			return 2
		}
		fmt.Fprint(io.out, usage())
		return 0
	case "-version", "--version":
		name = "version"
	}
	for _, c := range commands() {
		if c.name == name {
			return c.run(ctx, args[1:], io)
		}
	}
	fmt.Fprintf(io.err, "sitegen: unknown command %q\n\n%s", name, usage())
	return 2
}

// usage is the top-level help text.
func usage() string {
	s := "sitegen builds the d6codex rules reference from content/ into a static site.\n\nusage: sitegen COMMAND [flags]\n\ncommands:\n"
	for _, c := range commands() {
		s += fmt.Sprintf("  %-8s %s\n", c.name, c.summary)
	}
	s += "  help     show help for a command (sitegen help build)\n"
	return s
}

// version describes the binary: module version (or "(devel)"), VCS
// revision when recorded, Go version and platform.
func version() string {
	v := "(devel)"
	rev := ""
	if info, ok := debug.ReadBuildInfo(); ok {
		if info.Main.Version != "" {
			v = info.Main.Version
		}
		for _, s := range info.Settings {
			if s.Key == "vcs.revision" && len(s.Value) >= 12 {
				rev = " " + s.Value[:12]
			}
		}
	}
	return fmt.Sprintf("sitegen %s%s %s %s/%s", v, rev, runtime.Version(), runtime.GOOS, runtime.GOARCH)
}
