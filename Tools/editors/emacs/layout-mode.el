;;; layout-mode.el --- Layout Playground scene files, with layout-lsp through eglot  -*- lexical-binding: t; -*-

;; Load it from your init file, with layout-lsp on `exec-path' (or set `layout-lsp-program'):
;;
;;   (load "/path/to/layout-playground/Tools/editors/emacs/layout-mode.el")
;;   (add-hook 'layout-mode-hook #'eglot-ensure)
;;
;; Emacs 29 has eglot built in; on Emacs 28, install it from GNU ELPA.

;;; Code:

(defvar layout-lsp-program "layout-lsp"
  "The language server for scene files.")

(defconst layout-mode--keywords
  '("view" "label" "button" "guide" "stack" "constraints" "texts" "var" "animator" "action" "on" "load"
    "canvas" "safearea" "sizeclass" "direction" "reload" "margins" "layout" "activate" "deactivate" "animate"
    "keyframes" "keyframe" "start" "pause" "reverse" "stop" "finish" "swap" "run" "completion" "delay" "curve"
    "spring" "damping" "velocity" "repeat" "forever" "autoreverse" "after" "at" "inactive"))

(defconst layout-mode--font-lock
  `((,(regexp-opt layout-mode--keywords 'symbols) . font-lock-keyword-face)
    (,(regexp-opt '("root" "system" "required" "high" "low" "fitting" "true" "false") 'symbols)
     . font-lock-constant-face)
    ("#[[:xdigit:]]\\{6\\}\\_>" . font-lock-constant-face)
    ("\\.\\([[:alpha:]_][[:alnum:]_]*\\)" 1 font-lock-function-name-face)
    ("^\\s-*\\([[:alpha:]_][[:alnum:]_]*\\):" 1 font-lock-variable-name-face)))

(defvar layout-mode-syntax-table
  (let ((table (make-syntax-table)))
    (modify-syntax-entry ?# "<" table)
    (modify-syntax-entry ?\n ">" table)
    (modify-syntax-entry ?_ "_" table)
    table)
  "Syntax of scene files: `#' comments to the end of the line.")

;;;###autoload
(define-derived-mode layout-mode prog-mode "Layout"
  "A mode for Layout Playground scene files (.layout)."
  (setq-local comment-start "# ")
  (setq-local font-lock-defaults '(layout-mode--font-lock))
  (setq-local indent-tabs-mode nil)
  (setq-local tab-width 2))

;;;###autoload
(add-to-list 'auto-mode-alist '("\\.layout\\'" . layout-mode))

(defvar eglot-server-programs)
(with-eval-after-load 'eglot
  (add-to-list 'eglot-server-programs `(layout-mode . (,layout-lsp-program))))

(provide 'layout-mode)
;;; layout-mode.el ends here
