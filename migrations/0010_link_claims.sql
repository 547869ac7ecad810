-- A link request claims one of its workspace's linked-chart slots before it reads the URL, in the
-- same statement that counts the slots taken, so concurrent link requests cannot pass the cap.
-- NULL: no claim. A claim ends when the link is written or the read fails, or at this time.
ALTER TABLE `charts` ADD `link_claimed_until` integer;
