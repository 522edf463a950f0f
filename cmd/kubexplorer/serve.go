package main

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"

	"github.com/kubexplorer/kubexplorer/internal/siteserver"
)

func init() {
	commands["serve"] = command{summary: "serve the built explorer site", run: runServe}
}

func runServe(env *cliEnv, args []string) int {
	fs := newFlagSet(env, "serve")
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on")
	dir := fs.String("dir", "build/site", "directory of the built site (make build creates it)")
	if status, ok := parseFlags(fs, args); !ok {
		return status
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(env.stderr, "kubexplorer serve: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if _, err := os.Stat(filepath.Join(*dir, "index.html")); err != nil {
		fmt.Fprintf(env.stderr, "kubexplorer serve: no built site in %s (run make build): %v\n", *dir, err)
		return 1
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(env.stderr, "kubexplorer serve: %v\n", err)
		return 1
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := serve(ctx, env, ln, *dir); err != nil {
		fmt.Fprintf(env.stderr, "kubexplorer serve: %v\n", err)
		return 1
	}
	return 0
}

// serve serves dir on ln until ctx ends, then shuts down gracefully.
func serve(ctx context.Context, env *cliEnv, ln net.Listener, dir string) error {
	fmt.Fprintf(env.stdout, "kubexplorer: serving %s on http://%s/\n", dir, ln.Addr())
	return siteserver.Serve(ctx, ln, siteserver.Handler(os.DirFS(dir)))
}
