;;; navinspect.el --- The coordinator tree of an iOS app, beside eglot  -*- lexical-binding: t; -*-

;; Version: 0.1.0
;; Package-Requires: ((emacs "28.1") (eglot "1.9") (jsonrpc "1.0.14"))
;; Keywords: languages, tools

;;; Commentary:

;; Commands that show what `navinspect serve' knows about an iOS app's coordinators:
;;
;;   M-x navinspect-tree                the coordinator tree
;;   M-x navinspect-current-stack       the view controllers on screen, with their owners
;;   M-x navinspect-find-coordinator    every coordinator of a type, in the app's visiting order
;;
;; Their buffers jump to the source with RET and redraw when the server sends
;; `navinspect/treeDidChange'.  Each command starts a server for the buffer's app folder when
;; none runs.
;;
;; Eglot manages one server per buffer, and Swift buffers usually belong to sourcekit-lsp, so
;; by default navinspect runs on a JSON-RPC connection of its own beside eglot's.  To have eglot
;; run navinspect instead (its diagnostics, hover and code lenses in Swift buffers, without
;; sourcekit-lsp), call `navinspect-eglot-register'; the commands then use eglot's connection.
;; Works with Emacs 28 and Debian's eglot 1.9, and with Emacs 29's built-in eglot.

;;; Code:

(require 'cl-lib)
(require 'jsonrpc)
(require 'eglot)
(require 'outline)

(defgroup navinspect nil
  "The coordinator tree of an iOS app."
  :group 'tools
  :prefix "navinspect-")

(defcustom navinspect-program "navinspect"
  "The navinspect binary; `navinspect serve' is started for each app folder."
  :type 'string)

(defcustom navinspect-generation nil
  "The generation of a live tree that queries ask about, or nil for the newest.
Sent only to a server that advertises the `generation' param."
  :type '(choice (const :tag "The newest" nil) integer))

(defcustom navinspect-index-timeout 60
  "Seconds a command waits for the first index of an app before it gives up."
  :type 'number)

(defconst navinspect--markers '(".navinspect.json" "Package.swift" ".git")
  "Files whose folder is an app folder.")

(defvar navinspect--connections (make-hash-table :test #'equal)
  "navinspect's own connections, by app folder.")

(defvar navinspect--servers (make-hash-table :test #'eq)
  "For each connection: a plist of its :root, :capabilities and last :state.")

;;;; Connections

(defclass navinspect-eglot-server (eglot-lsp-server) ()
  :documentation "navinspect run by eglot as the server of Swift buffers.")


(defvar-local navinspect--connection nil
  "The connection a navinspect buffer was drawn from.")

(defvar-local navinspect--draw nil
  "The function that draws the current navinspect buffer.")

(defvar-local navinspect--drawing nil
  "Non-nil while the current navinspect buffer is being drawn.")


(defun navinspect--root (&optional directory)
  "The app folder of DIRECTORY: the nearest folder up that holds a marker."
  (let* ((start (expand-file-name (or directory default-directory)))
         (found (locate-dominating-file
                 start
                 (lambda (folder)
                   (or (cl-some (lambda (marker) (file-exists-p (expand-file-name marker folder)))
                                navinspect--markers)
                       (directory-files folder nil "\\.xcodeproj\\'" t))))))
    (file-name-as-directory (expand-file-name (or found start)))))

(defun navinspect--path-to-uri (path)
  "The file URI of PATH."
  (eglot--path-to-uri (directory-file-name path)))

(defun navinspect--tree-changed (connection params)
  "Records CONNECTION's new tree state PARAMS.
Redraws the buffers drawn from CONNECTION."
  (plist-put (gethash connection navinspect--servers) :state params)
  ;; Not from inside the process filter: a redraw sends requests and waits for their answers,
  ;; which that filter would have to read.
  (run-at-time 0 nil #'navinspect--redraw-buffers connection))

(defvar navinspect--requests-in-flight 0
  "How many synchronous requests are waiting for their answer.")

(defun navinspect--redraw-buffers (connection)
  "Redraws the navinspect buffers drawn from CONNECTION.
Waits until no request is in flight: a request made while another
waits would be cut short when the other's answer arrives."
  (if (> navinspect--requests-in-flight 0)
      (run-at-time 0.05 nil #'navinspect--redraw-buffers connection)
    (navinspect--redraw-buffers-now connection)))

(defun navinspect--redraw-buffers-now (connection)
  "Redraws the navinspect buffers drawn from CONNECTION, but not one being drawn.
A redraw that fails leaves its buffer as it was and says why."
  (when (jsonrpc-running-p connection)
    (dolist (buffer (buffer-list))
      (with-current-buffer buffer
        (when (and (derived-mode-p 'navinspect-list-mode) (eq navinspect--connection connection)
                   (not navinspect--drawing))
          (condition-case failure
              (navinspect--redraw)
            (error (message "navinspect: %s not redrawn: %s" (buffer-name)
                            (error-message-string failure)))))))))

(defun navinspect--dispatch-notification (connection method params)
  "Handles the notifications of navinspect's own CONNECTION: METHOD with PARAMS."
  (when (eq method 'navinspect/treeDidChange)
    (navinspect--tree-changed connection params)))

(defun navinspect--start (root)
  "Starts `navinspect serve' for ROOT on a connection of navinspect's own."
  (let* ((name (format "navinspect %s" (abbreviate-file-name root)))
         (default-directory root)
         (process (make-process :name name :command (list navinspect-program "serve")
                                :connection-type 'pipe :coding 'utf-8-emacs-unix :noquery t
                                :stderr (get-buffer-create (format "*%s stderr*" name))))
         (connection (make-instance 'jsonrpc-process-connection
                                    :name name :process process
                                    :notification-dispatcher #'navinspect--dispatch-notification
                                    :request-dispatcher (lambda (_connection _method _params) nil)))
         (uri (navinspect--path-to-uri root)))
    (puthash connection (list :root root :capabilities nil :state nil) navinspect--servers)
    (let ((result (jsonrpc-request connection :initialize
                                   (list :processId (emacs-pid) :rootUri uri
                                         :workspaceFolders (vector (list :uri uri :name (file-name-nondirectory (directory-file-name root))))
                                         :capabilities (make-hash-table)))))
      (plist-put (gethash connection navinspect--servers) :capabilities (plist-get result :capabilities)))
    (run-at-time 0 nil #'navinspect--drain connection)
    (jsonrpc-notify connection :initialized (make-hash-table))
    (puthash root connection navinspect--connections)
    connection))

(defun navinspect--connection ()
  "The connection that answers for the current buffer.
Starts one when none runs."
  (or navinspect--connection
      (let ((server (eglot-current-server)))
        (when (cl-typep server 'navinspect-eglot-server)
          (unless (gethash server navinspect--servers)
            (puthash server (list :root (file-name-as-directory (expand-file-name (project-root (eglot--project server))))
                                  :capabilities (eglot--capabilities server) :state nil)
                     navinspect--servers))
          server))
      (let* ((root (navinspect--root))
             (running (gethash root navinspect--connections)))
        (if (and running (jsonrpc-running-p running)) running (navinspect--start root)))))

(defun navinspect--supports-generation (connection)
  "Non-nil when CONNECTION's server takes the optional `generation' param."
  (let* ((capabilities (plist-get (gethash connection navinspect--servers) :capabilities))
         (navinspect (plist-get (plist-get capabilities :experimental) :navinspect))
         (generation (plist-get navinspect :generation)))
    (and generation (not (eq generation :json-false)))))

(defun navinspect--params (connection params)
  "PARAMS, a plist, with `generation' when one is chosen.
Adds it only when CONNECTION's server takes it."
  (let ((params (if (and navinspect-generation (navinspect--supports-generation connection))
                    (append params (list :generation navinspect-generation))
                  params)))
    ;; nil would go out as null: an empty param object is a hash table.
    (or params (make-hash-table))))

(defun navinspect--drain (connection)
  "Reads the messages left unread in CONNECTION's process buffer.
jsonrpc up to 1.0.15 leaves the messages that came in the same
read as the reply of a synchronous request until more output
arrives, and a server that has said everything sends none: a
`navinspect/treeDidChange' would wait there for ever."
  (let ((process (jsonrpc--process connection)))
    (when (and (process-live-p process) (buffer-live-p (process-buffer process))
               (fboundp 'jsonrpc--process-filter)
               (> (buffer-size (process-buffer process)) 0))
      (jsonrpc--process-filter process ""))))

(defun navinspect--request-1 (connection method params)
  "Sends METHOD with PARAMS to CONNECTION, waits for the result.
Then reads what came after the reply in the same read."
  (cl-incf navinspect--requests-in-flight)
  (unwind-protect
      (jsonrpc-request connection method (navinspect--params connection params))
    (cl-decf navinspect--requests-in-flight)
    (run-at-time 0 nil #'navinspect--drain connection)))

(defun navinspect--request (connection method &optional params)
  "Sends METHOD with PARAMS to CONNECTION and returns the result.
While the app's first index runs (-32010), waits for the first
`navinspect/treeDidChange'."
  (condition-case failure
      (navinspect--request-1 connection method params)
    (jsonrpc-error
     (if (and (eql (alist-get 'jsonrpc-error-code (cdr failure)) -32010)
              (null (plist-get (gethash connection navinspect--servers) :state)))
         (progn
           (with-timeout (navinspect-index-timeout (user-error "navinspect: the app's index is not ready"))
             (while (null (plist-get (gethash connection navinspect--servers) :state))
               (accept-process-output nil 0.05)))
           (navinspect--request-1 connection method params))
       (user-error "navinspect: %s" (alist-get 'jsonrpc-error-message (cdr failure)))))))

(defun navinspect--source-path (connection file)
  "The absolute path of FILE.
The server gives FILE relative to CONNECTION's app folder."
  (expand-file-name file (plist-get (gethash connection navinspect--servers) :root)))

(defconst navinspect--max-tree-requests 200
  "The most requests one whole tree may take.")

(defconst navinspect--tree-depth 60
  "How many levels one tree request asks for.
jsonrpc logs every message with `pp', which gives up on lists
nested about 200 deep: a node is two levels, so 100 is too many.")

(defun navinspect--whole-tree (connection)
  "CONNECTION's whole tree.
One request answers `navinspect--tree-depth' levels: the tree is
asked again below each node the depth cut, up to
`navinspect--max-tree-requests' requests."
  (let* ((tree (navinspect--request connection :navinspect/tree (list :depth navinspect--tree-depth)))
         (requests 1)
         (cut nil))
    (cl-labels ((collect (node)
                  (when (eq (plist-get node :hasMore) t) (push node cut))
                  (mapc #'collect (plist-get node :children))))
      (collect tree)
      (while (and cut (< requests navinspect--max-tree-requests))
        (let* ((node (pop cut))
               (below (navinspect--request connection :navinspect/tree
                                           (list :from (plist-get node :id) :depth navinspect--tree-depth))))
          (cl-incf requests)
          ;; The node is a plist inside the tree: change it in place.
          (plist-put node :children (plist-get below :children))
          (plist-put node :hasMore :json-false)
          (mapc #'collect (plist-get node :children)))))
    tree))

(defun navinspect--types (connection)
  "The type cases of CONNECTION's tree, sorted, each once."
  (let (types)
    (cl-labels ((walk (node)
                  (let ((type (plist-get node :type)))
                    (when (stringp type) (cl-pushnew type types :test #'equal)))
                  (mapc #'walk (plist-get node :children))))
      (walk (navinspect--whole-tree connection)))
    (sort types #'string<)))

;;;; Eglot

(cl-defmethod eglot-handle-notification
  ((server navinspect-eglot-server) (_method (eql navinspect/treeDidChange)) &rest params)
  "Redraws the navinspect buffers of SERVER with the new tree's PARAMS."
  (navinspect--tree-changed server params))

(define-derived-mode navinspect-swift-mode prog-mode "Swift"
  "A plain mode for Swift files.
For when neither swift-mode nor swift-ts-mode is installed."
  (setq-local comment-start "// "))

;;;###autoload
(defun navinspect-eglot-register ()
  "Makes eglot run navinspect for Swift buffers, in place of sourcekit-lsp.
Uses swift-mode or swift-ts-mode when installed, else `navinspect-swift-mode'."
  (interactive)
  (unless (or (fboundp 'swift-mode) (fboundp 'swift-ts-mode))
    (add-to-list 'auto-mode-alist '("\\.swift\\'" . navinspect-swift-mode)))
  (add-to-list 'eglot-server-programs
               `(((swift-mode :language-id "swift") (swift-ts-mode :language-id "swift")
                  (navinspect-swift-mode :language-id "swift"))
                 . (navinspect-eglot-server ,navinspect-program "serve"))))

;;;; The buffers

(defvar navinspect-list-mode-map
  (let ((map (make-sparse-keymap)))
    (define-key map (kbd "RET") #'navinspect-visit)
    (define-key map (kbd "g") #'navinspect-refresh)
    map)
  "Keys of the navinspect buffers.")

(define-derived-mode navinspect-list-mode special-mode "navinspect"
  "Lists of coordinators; RET opens the source of the coordinator on the line."
  (setq truncate-lines t))

(defun navinspect--redraw ()
  "Draws the current buffer again, keeping point's line.
The text is made first, so a request that fails leaves the buffer
as it was."
  (let* ((line (line-number-at-pos))
         (draw navinspect--draw)
         (navinspect--drawing t)
         (text (with-temp-buffer (funcall draw) (buffer-string)))
         (inhibit-read-only t))
    (erase-buffer)
    (insert text)
    (goto-char (point-min))
    (forward-line (1- line))))

(defun navinspect-refresh ()
  "Asks the server again and redraws the current navinspect buffer."
  (interactive)
  (navinspect--redraw))

(defun navinspect--show (name connection draw)
  "Shows buffer NAME, drawn by DRAW from CONNECTION's answers, and returns it."
  (let ((buffer (get-buffer-create name)))
    (with-current-buffer buffer
      (navinspect-list-mode)
      (setq navinspect--connection connection
            navinspect--draw draw)
      (navinspect--redraw)
      (goto-char (point-min)))
    (display-buffer buffer)
    buffer))

(defun navinspect--insert-line (text id)
  "Inserts TEXT as a line that stands for coordinator ID (nil for none)."
  (insert (if id (propertize text 'navinspect-id id) text) "\n"))

(defun navinspect--type-label (type)
  "How a coordinator TYPE reads: `.home', or (no type)."
  (if (stringp type) (concat "." type) "(no type)"))

(defun navinspect-visit ()
  "Opens the source of the coordinator on the current line."
  (interactive)
  (let ((id (get-text-property (line-beginning-position) 'navinspect-id))
        (connection navinspect--connection))
    (unless id (user-error "navinspect: no coordinator on this line"))
    (let ((source (plist-get (navinspect--request connection :navinspect/describe (list :id id)) :source)))
      (unless source (user-error "navinspect: %s has no source location" id))
      (pop-to-buffer (find-file-noselect (navinspect--source-path connection (plist-get source :file))))
      (goto-char (point-min))
      (forward-line (1- (plist-get source :line))))))

;;;###autoload
(defun navinspect-tree ()
  "Shows the coordinator tree of the current buffer's app."
  (interactive)
  (let* ((connection (navinspect--connection))
         (name (file-name-nondirectory
                (directory-file-name (plist-get (gethash connection navinspect--servers) :root))))
         (buffer
          (navinspect--show
           (format "*navinspect tree: %s*" name)
           connection
           (lambda ()
             (cl-labels ((walk (node depth)
                           (navinspect--insert-line
                            (format "%s%s%s  %s%s%s" (make-string (* 2 depth) ?\s)
                                    (if (> (plist-get node :childCount) 0) "▾ " "· ")
                                    (plist-get node :class) (navinspect--type-label (plist-get node :type))
                                    (if (eq (plist-get node :hasMore) t) "  …" "")
                                    ;; A flow shown with its children elsewhere names where they are.
                                    (if (stringp (plist-get node :sameAs))
                                        (concat "  = same as " (plist-get node :sameAs))
                                      ""))
                            (plist-get node :id))
                           (mapc (lambda (child) (walk child (1+ depth))) (plist-get node :children))))
               (walk (navinspect--whole-tree connection) 0))))))
    (with-current-buffer buffer
      ;; TAB on a coordinator folds its children (outline headings by indent).
      (setq-local outline-regexp " *[▾·] ")
      (setq-local outline-level (lambda () (1+ (/ (current-indentation) 2))))
      (setq-local outline-minor-mode-cycle t)
      (outline-minor-mode 1))
    buffer))

;;;###autoload
(defun navinspect-current-stack ()
  "Shows the view controllers on screen, bottom to top, each with its owner."
  (interactive)
  (let ((connection (navinspect--connection)))
    (navinspect--show
     "*navinspect stack*" connection
     (lambda ()
       (let* ((stack (navinspect--request connection :navinspect/currentStack))
              (coordinators (plist-get stack :coordinators))
              (controllers (plist-get stack :viewControllers)))
         (navinspect--insert-line
          (concat "coordinators: " (if (> (length coordinators) 0)
                                       (mapconcat #'identity coordinators " → ")
                                     "(no owner on screen)"))
          nil)
         (when (= (length controllers) 0) (navinspect--insert-line "(nothing on screen)" nil))
         (cl-loop for entry across controllers for index from 1
                  do (navinspect--insert-line
                      (format "%d. %s  owner: %s  in %s" index (plist-get entry :class)
                              (or (plist-get entry :owner) "none") (plist-get entry :container))
                      (plist-get entry :owner))))))))

;;;###autoload
(defun navinspect-find-coordinator (type)
  "Shows every coordinator of TYPE in the app's visiting order.
That is the order the app's findCoordinator(type:) visits them, so
the first is the one the app gets.  Reads TYPE with completion of
the tree's type cases."
  (interactive
   (list (completing-read "findCoordinator(type: ." (navinspect--types (navinspect--connection)) nil t)))
  (let ((connection (navinspect--connection)))
    (navinspect--show
     "*navinspect find*" connection
     (lambda ()
       (let ((matches (navinspect--request connection :navinspect/findCoordinator (list :type type :all t))))
         (navinspect--insert-line
          (format "findCoordinator(type: .%s): %d match%s in visiting order" type (length matches)
                  (if (= (length matches) 1) "" "es"))
          nil)
         (cl-loop for match across matches for index from 1
                  do (navinspect--insert-line
                      (format "%d. %s %s  %s%s" index (plist-get match :class)
                              (navinspect--type-label (plist-get match :type))
                              (mapconcat #'identity (plist-get match :path) " → ")
                              (if (= index 1) "  [the app gets this one]" ""))
                      (plist-get match :id))))))))

;;;; Saved files

(defun navinspect--after-save ()
  "Tells navinspect's own servers that a Swift file of their app was saved.
Eglot tells the server it runs itself."
  (when (and buffer-file-name (string-suffix-p ".swift" buffer-file-name))
    (maphash (lambda (root connection)
               (when (and (jsonrpc-running-p connection) (string-prefix-p root buffer-file-name))
                 (jsonrpc-notify connection :workspace/didChangeWatchedFiles
                                 (list :changes (vector (list :uri (eglot--path-to-uri buffer-file-name) :type 2))))))
             navinspect--connections)))

(add-hook 'after-save-hook #'navinspect--after-save)

(defun navinspect-shutdown-all ()
  "Stops every server navinspect started on its own connections."
  (interactive)
  (maphash (lambda (_root connection) (when (jsonrpc-running-p connection) (jsonrpc-shutdown connection)))
           navinspect--connections)
  (clrhash navinspect--connections))

(provide 'navinspect)
;;; navinspect.el ends here
