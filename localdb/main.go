// Command localdb serves FerretDB (MongoDB wire protocol) on SQLite for local
// development and tests. It is built and started by scripts/localdb.mjs; in
// production the app talks to MongoDB through MONGODB_URI instead.
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:27017", "TCP address to listen on")
	dir := flag.String("dir", ".data/db", "directory for the SQLite files")
	flag.Parse()

	abs, err := filepath.Abs(*dir)
	if err != nil {
		fail(err)
	}
	if err := os.MkdirAll(abs, 0o755); err != nil {
		fail(err)
	}

	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError}))
	f, err := ferretdb.New(&ferretdb.Config{
		Listener:  ferretdb.ListenerConfig{TCP: *addr},
		Logger:    logger,
		Handler:   "sqlite",
		SQLiteURL: "file:" + abs + "/",
	})
	if err != nil {
		fail(err)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	done := make(chan error, 1)
	go func() { done <- f.Run(ctx) }()

	// One line that the launcher waits for; the listener is bound by now.
	fmt.Printf("localdb ready %s\n", f.MongoDBURI())

	if err := <-done; err != nil && ctx.Err() == nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "localdb:", err)
	os.Exit(1)
}
