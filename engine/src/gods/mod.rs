//! God's algorithm's companions (the distribution itself is the full table's, in
//! [`crate::tables::full_table`]): the number of reachable states ([`count`]), and the BFS cut
//! into slices for a job array ([`job_slices`]).

pub mod count;
pub mod job_slices;
