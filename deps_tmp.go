package main

import (
	_ "github.com/creack/pty"
	_ "github.com/fatih/color"
	_ "github.com/manifoldco/promptui"
	_ "github.com/mattn/go-isatty"
	_ "github.com/spf13/cobra"
	_ "go.yaml.in/yaml/v3"
	_ "golang.org/x/sys/unix"
)

func main() {}
